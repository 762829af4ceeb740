import { z } from 'zod'
import { addressInfoSchema, countSchema, hexSchema, pageSchema } from './common.ts'
import { messageStatusSchema } from './enums.ts'

export const typedDataSchema = z.object({
  domain: z.object({
    chainId: z.number().optional(),
    name: z.string().optional(),
    salt: z.string().optional(),
    verifyingContract: z.string().optional(),
    version: z.string().optional(),
  }),
  primaryType: z.string(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  message: z.record(z.string(), z.unknown()),
})

const messageFields = {
  messageHash: hexSchema,
  status: messageStatusSchema,
  logoUri: z.string().nullish(),
  name: z.string().nullish(),
  message: z.union([z.string(), typedDataSchema]),
  creationTimestamp: z.number(),
  modifiedTimestamp: z.number(),
  confirmationsSubmitted: countSchema,
  confirmationsRequired: countSchema,
  proposedBy: addressInfoSchema,
  confirmations: z.array(z.object({ owner: addressInfoSchema, signature: hexSchema })),
  preparedSignature: hexSchema.nullish(),
  origin: z.string().nullish(),
}

export const safeMessageSchema = z.object(messageFields)
export type SafeMessage = z.infer<typeof safeMessageSchema>

export const messageItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MESSAGE'), ...messageFields }),
  z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number() }),
])
export type SafeMessageListItem = z.infer<typeof messageItemSchema>

export const messagePageSchema = pageSchema(messageItemSchema)
export type SafeMessagePage = z.infer<typeof messagePageSchema>
