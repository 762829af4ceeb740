import { z } from 'zod'

export const safeAppSchema = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  iconUrl: z.string().nullish(),
  description: z.string(),
  chainIds: z.array(z.string()),
  provider: z.object({ url: z.string(), name: z.string() }).nullish(),
  accessControl: z.object({ type: z.string(), value: z.array(z.string()).nullish() }),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  developerWebsite: z.string().nullish(),
  featured: z.boolean(),
})
export type SafeApp = z.infer<typeof safeAppSchema>

export const safeAppsSchema = z.array(safeAppSchema)
