import { z } from 'zod'
import { addressSchema, countSchema, integerStringSchema, pageSchema } from './common.ts'
import { balanceTokenTypeSchema } from './enums.ts'

export const tokenInfoSchema = z.object({
  type: balanceTokenTypeSchema,
  address: addressSchema,
  decimals: countSchema,
  symbol: z.string(),
  name: z.string(),
  logoUri: z.string(),
})
export type TokenInfo = z.infer<typeof tokenInfoSchema>

export const balanceSchema = z.object({
  balance: integerStringSchema,
  fiatBalance: z.string(),
  fiatConversion: z.string(),
  tokenInfo: tokenInfoSchema,
  fiatBalance24hChange: z.string().nullish(),
})
export type Balance = z.infer<typeof balanceSchema>

export const balancesSchema = z.object({ fiatTotal: z.string(), items: z.array(balanceSchema) })
export type Balances = z.infer<typeof balancesSchema>

export const fiatCodesSchema = z.array(z.string())

export const collectibleSchema = z.object({
  address: addressSchema,
  tokenName: z.string(),
  tokenSymbol: z.string(),
  logoUri: z.string(),
  id: z.string(),
  uri: z.string().nullish(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  imageUri: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
})
export type Collectible = z.infer<typeof collectibleSchema>

export const collectiblesSchema = z.array(collectibleSchema)
export const collectiblePageSchema = pageSchema(collectibleSchema)
export type CollectiblePage = z.infer<typeof collectiblePageSchema>
