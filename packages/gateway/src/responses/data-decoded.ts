import { z } from 'zod'

export const dataDecodedParameterSchema = z.object({
  name: z.string(),
  type: z.string(),
  value: z.union([z.string(), z.array(z.string())]),
  // Nested calls (multiSend) — shown as-is, not read further.
  valueDecoded: z.unknown().optional(),
})

export const dataDecodedSchema = z.object({
  method: z.string(),
  parameters: z.array(dataDecodedParameterSchema).nullish(),
  accuracy: z.enum(['FULL_MATCH', 'PARTIAL_MATCH', 'ONLY_FUNCTION_MATCH', 'NO_MATCH', 'UNKNOWN']).optional(),
})
export type DataDecoded = z.infer<typeof dataDecodedSchema>
