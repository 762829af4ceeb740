import { z } from 'zod'
import {
  addressInfoSchema,
  addressSchema,
  countSchema,
  hexSchema,
  integerStringSchema,
  pageSchema,
} from './common.ts'
import { dataDecodedSchema } from './data-decoded.ts'
import {
  settingsChangeTypes,
  transactionInfoTypes,
  transactionStatusSchema,
  transferDirectionSchema,
} from './enums.ts'

const transferInfoSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ERC20'),
    tokenAddress: addressSchema,
    value: integerStringSchema,
    tokenName: z.string().nullish(),
    tokenSymbol: z.string().nullish(),
    logoUri: z.string().nullish(),
    decimals: z.number().nullish(),
    trusted: z.boolean().nullish(),
    imitation: z.boolean(),
  }),
  z.object({
    type: z.literal('ERC721'),
    tokenAddress: addressSchema,
    tokenId: z.string(),
    tokenName: z.string().nullish(),
    tokenSymbol: z.string().nullish(),
    logoUri: z.string().nullish(),
    trusted: z.boolean().nullish(),
  }),
  z.object({ type: z.literal('NATIVE_COIN'), value: integerStringSchema.nullish() }),
])
export type TransferInfo = z.infer<typeof transferInfoSchema>

const detailedTypes = ['Transfer', 'SettingsChange', 'Custom', 'Creation'] as const
const otherTransactionInfoTypes = transactionInfoTypes.filter(
  (type): type is Exclude<(typeof transactionInfoTypes)[number], (typeof detailedTypes)[number]> =>
    !(detailedTypes as readonly string[]).includes(type),
)

export const transactionInfoSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Transfer'),
    humanDescription: z.string().nullish(),
    sender: addressInfoSchema,
    recipient: addressInfoSchema,
    direction: transferDirectionSchema,
    transferInfo: transferInfoSchema,
  }),
  z.object({
    type: z.literal('SettingsChange'),
    humanDescription: z.string().nullish(),
    dataDecoded: dataDecodedSchema,
    settingsInfo: z.object({ type: z.enum(settingsChangeTypes) }).nullish(),
  }),
  // Also covers MultiSendTransactionInfo, which the gateway tags `Custom` too.
  z.object({
    type: z.literal('Custom'),
    humanDescription: z.string().nullish(),
    to: addressInfoSchema,
    dataSize: integerStringSchema,
    value: integerStringSchema.nullish(),
    isCancellation: z.boolean(),
    methodName: z.string().nullish(),
    actionCount: countSchema.optional(),
  }),
  z.object({
    type: z.literal('Creation'),
    humanDescription: z.string().nullish(),
    creator: addressInfoSchema,
    transactionHash: z.string(),
    implementation: addressInfoSchema.nullish(),
    factory: addressInfoSchema.nullish(),
    saltNonce: z.string().nullish(),
  }),
  z.object({ type: z.enum(otherTransactionInfoTypes), humanDescription: z.string().nullish() }),
])
export type TransactionInfo = z.infer<typeof transactionInfoSchema>

export const executionInfoSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('MULTISIG'),
    nonce: countSchema,
    confirmationsRequired: countSchema,
    confirmationsSubmitted: countSchema,
    missingSigners: z.array(addressInfoSchema).nullish(),
  }),
  z.object({ type: z.literal('MODULE'), address: addressInfoSchema }),
])

export const transactionSummarySchema = z.object({
  id: z.string(),
  timestamp: z.number(),
  txStatus: transactionStatusSchema,
  txInfo: transactionInfoSchema,
  txHash: z.string().nullish(),
  executionInfo: executionInfoSchema.nullish(),
})
export type TransactionSummary = z.infer<typeof transactionSummarySchema>

const transactionItemSchema = z.object({
  type: z.literal('TRANSACTION'),
  transaction: transactionSummarySchema,
  conflictType: z.enum(['None', 'HasNext', 'End']),
})

export const transactionListPageSchema = pageSchema(transactionItemSchema)
export type TransactionListPage = z.infer<typeof transactionListPageSchema>

export const historyItemSchema = z.discriminatedUnion('type', [
  transactionItemSchema,
  z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number() }),
])
export type HistoryItem = z.infer<typeof historyItemSchema>
export const historyPageSchema = pageSchema(historyItemSchema)
export type HistoryPage = z.infer<typeof historyPageSchema>

export const queuedItemSchema = z.discriminatedUnion('type', [
  transactionItemSchema,
  z.object({ type: z.literal('LABEL'), label: z.string() }),
  z.object({ type: z.literal('CONFLICT_HEADER'), nonce: countSchema }),
])
export type QueuedItem = z.infer<typeof queuedItemSchema>
export const queuedPageSchema = pageSchema(queuedItemSchema)
export type QueuedPage = z.infer<typeof queuedPageSchema>

const operationSchema = z.union([z.literal(0), z.literal(1)])

export const transactionDetailsSchema = z.object({
  safeAddress: z.string(),
  txId: z.string(),
  executedAt: z.number().nullish(),
  txStatus: transactionStatusSchema,
  txInfo: transactionInfoSchema,
  txHash: z.string().nullish(),
  txData: z
    .object({
      hexData: hexSchema.nullish(),
      dataDecoded: dataDecodedSchema.nullish(),
      to: addressInfoSchema,
      value: integerStringSchema.nullish(),
      operation: operationSchema,
      trustedDelegateCallTarget: z.boolean().nullish(),
    })
    .nullish(),
  detailedExecutionInfo: z
    .discriminatedUnion('type', [
      z.object({
        type: z.literal('MULTISIG'),
        submittedAt: z.number(),
        nonce: countSchema,
        safeTxHash: hexSchema,
        signers: z.array(addressInfoSchema),
        confirmationsRequired: countSchema,
        confirmations: z.array(
          z.object({ signer: addressInfoSchema, signature: hexSchema.nullish(), submittedAt: z.number() }),
        ),
        executor: addressInfoSchema.nullish(),
      }),
      z.object({ type: z.literal('MODULE'), address: addressInfoSchema }),
    ])
    .nullish(),
})
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>

export const estimationSchema = z.object({
  currentNonce: countSchema,
  recommendedNonce: countSchema,
  safeTxGas: integerStringSchema,
})
export type SafeTransactionEstimation = z.infer<typeof estimationSchema>
