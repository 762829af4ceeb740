import { z } from 'zod'
import { addressInfoSchema, addressSchema, countSchema } from './common.ts'
import { implementationVersionStates } from './enums.ts'

export const safeInfoSchema = z.object({
  address: addressInfoSchema,
  chainId: z.string(),
  nonce: countSchema,
  threshold: countSchema,
  owners: z.array(addressInfoSchema),
  implementation: addressInfoSchema,
  implementationVersionState: z.enum(implementationVersionStates),
  modules: z.array(addressInfoSchema).nullish(),
  fallbackHandler: addressInfoSchema.nullish(),
  guard: addressInfoSchema.nullish(),
  version: z.string().nullish(),
  collectiblesTag: z.string().nullish(),
  txQueuedTag: z.string().nullish(),
  txHistoryTag: z.string().nullish(),
  messagesTag: z.string().nullish(),
})
export type SafeInfo = z.infer<typeof safeInfoSchema>

export const ownedSafesSchema = z.object({ safes: z.array(addressSchema) })
export type OwnedSafes = z.infer<typeof ownedSafesSchema>

export const safeNoncesSchema = z.object({ currentNonce: countSchema, recommendedNonce: countSchema })
export type SafeNonces = z.infer<typeof safeNoncesSchema>
