import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { unprocessable } from './local-gateway-error.ts'

// Request bodies as the gateway validates them (its DTOs); a mismatch is a 422 naming the field.

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')
  .transform((value) => value as Address)
const hex = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'Invalid hex bytes')
  .transform((value) => value as Hex)
const uint = z.string().regex(/^\d+$/, 'Expected a non-negative integer string')
const operation = z.union([z.literal(0), z.literal(1)])

const typedData = z.object({
  domain: z.record(z.string(), z.unknown()),
  primaryType: z.string(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  message: z.record(z.string(), z.unknown()),
})

export const createMessageBody = z.object({
  message: z.union([z.string(), typedData]),
  signature: hex,
  safeAppId: z.number().int().nullish(),
  origin: z.string().nullish(),
})

export const updateMessageSignatureBody = z.object({ signature: hex })

export const proposeTransactionBody = z.object({
  to: address,
  value: uint,
  data: hex.nullish(),
  nonce: uint,
  operation,
  safeTxGas: uint,
  baseGas: uint,
  gasPrice: uint,
  gasToken: address,
  refundReceiver: address.nullish(),
  safeTxHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid safeTxHash')
    .transform((v) => v as Hex),
  sender: address,
  signature: hex.nullish(),
  origin: z.string().nullish(),
})

/** `POST …/transactions/{safeTxHash}/confirmations` (the gateway's AddConfirmationDto). */
export const addConfirmationBody = z.object({ signature: hex })

export const estimationBody = z.object({ to: address, value: uint, data: hex.nullish(), operation })

export const dataDecoderBody = z.object({ data: hex, to: address.optional() })

export const registerDeviceBody = z.object({
  uuid: z.uuid().nullish(),
  cloudMessagingToken: z.string().min(1),
  buildNumber: z.string(),
  bundle: z.string(),
  deviceType: z.enum(['ANDROID', 'IOS', 'WEB']),
  version: z.string(),
  timestamp: z.string().nullish(),
  safeRegistrations: z.array(
    z.object({ chainId: z.string(), safes: z.array(address), signatures: z.array(hex) }),
  ),
})

/** Parses a JSON body with `schema`, or throws a 422 whose message names the first bad field. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.') || 'body'
  throw unprocessable(`Validation failed: ${field}: ${issue?.message ?? 'invalid'}`)
}
