import { z } from 'zod'
import { addressSchema, countSchema, pageSchema } from './common.ts'
import type { GasPriceType } from './enums.ts'

function gasPriceTypeSchema(type: Exclude<GasPriceType, 'UNKNOWN'>) {
  return z
    .string()
    .refine((value) => value.toUpperCase() === type, `expected ${type}`)
    .transform(() => type)
}

const rpcUriSchema = z.object({
  authentication: z.enum(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN']),
  value: z.string(),
})

export const gasPriceSchema = z.union([
  z.object({
    type: gasPriceTypeSchema('ORACLE'),
    uri: z.string(),
    gasParameter: z.string(),
    gweiFactor: z.string(),
  }),
  z.object({ type: gasPriceTypeSchema('FIXED'), weiValue: z.string() }),
  z.object({
    type: gasPriceTypeSchema('FIXED1559'),
    maxFeePerGas: z.string(),
    maxPriorityFeePerGas: z.string(),
  }),
  z.object({ type: z.string() }).transform(() => ({ type: 'UNKNOWN' as const })),
])
export type GasPrice = z.infer<typeof gasPriceSchema>

export const chainSchema = z.object({
  chainId: z.string().regex(/^\d+$/, 'expected a decimal chain id'),
  chainName: z.string(),
  shortName: z.string(),
  description: z.string(),
  chainLogoUri: z.string().nullish(),
  l2: z.boolean(),
  isTestnet: z.boolean(),
  nativeCurrency: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: countSchema,
    logoUri: z.string(),
  }),
  transactionService: z.string(),
  blockExplorerUriTemplate: z.object({ address: z.string(), txHash: z.string(), api: z.string() }),
  features: z.array(z.string()),
  gasPrice: z.array(gasPriceSchema),
  publicRpcUri: rpcUriSchema,
  rpcUri: rpcUriSchema,
  safeAppsRpcUri: rpcUriSchema,
  theme: z.object({ textColor: z.string(), backgroundColor: z.string() }),
  disabledWallets: z.array(z.string()),
  ensRegistryAddress: z.string().nullish(),
  recommendedMasterCopyVersion: z.string().nullish(),
})
export type ChainConfig = z.infer<typeof chainSchema>

export const chainPageSchema = pageSchema(chainSchema)
export type ChainPage = z.infer<typeof chainPageSchema>

export const masterCopiesSchema = z.array(z.object({ address: addressSchema, version: z.string() }))
export type MasterCopy = z.infer<typeof masterCopiesSchema>[number]
