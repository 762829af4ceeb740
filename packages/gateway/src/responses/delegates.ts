import { z } from 'zod'
import { addressSchema, pageSchema } from './common.ts'

export const delegateSchema = z.object({
  safe: addressSchema.nullish(),
  delegate: addressSchema,
  delegator: addressSchema,
  label: z.string(),
})
export type Delegate = z.infer<typeof delegateSchema>

export const delegatePageSchema = pageSchema(delegateSchema)
export type DelegatePage = z.infer<typeof delegatePageSchema>
