import { z } from 'zod'

// The gateway enumerations Signet reads, spelled exactly as in the gateway schema (tests compare them with it).

/** `Transaction.txStatus` / `TransactionDetails.txStatus`. */
export const transactionStatuses = [
  'AWAITING_CONFIRMATIONS',
  'AWAITING_EXECUTION',
  'CANCELLED',
  'FAILED',
  'SUCCESS',
] as const
export const transactionStatusSchema = z.enum(transactionStatuses)
export type TransactionStatus = z.infer<typeof transactionStatusSchema>

/** `TransferTransactionInfo.direction`. */
export const transferDirections = ['INCOMING', 'OUTGOING', 'UNKNOWN'] as const
export const transferDirectionSchema = z.enum(transferDirections)
export type TransferDirection = z.infer<typeof transferDirectionSchema>

/** `Transfer.type`: the token kind of a transfer. */
export const transferTokenTypes = ['ERC20', 'ERC721', 'NATIVE_COIN'] as const
export const transferTokenTypeSchema = z.enum(transferTokenTypes)
export type TransferTokenType = z.infer<typeof transferTokenTypeSchema>

/** `tokenInfo.type` of a balance (the gateway spells the native coin `NATIVE_TOKEN` there). */
export const balanceTokenTypes = ['ERC20', 'ERC721', 'NATIVE_TOKEN'] as const
export const balanceTokenTypeSchema = z.enum(balanceTokenTypes)
export type BalanceTokenType = z.infer<typeof balanceTokenTypeSchema>

/** `Message.status`. */
export const messageStatuses = ['NEEDS_CONFIRMATION', 'CONFIRMED'] as const
export const messageStatusSchema = z.enum(messageStatuses)
export type MessageStatus = z.infer<typeof messageStatusSchema>

/** `DeviceType` of notification registrations. */
export const deviceTypes = ['ANDROID', 'IOS', 'WEB'] as const
export const deviceTypeSchema = z.enum(deviceTypes)
export type DeviceType = z.infer<typeof deviceTypeSchema>

/**
 * `TransactionInfo.type`. Signet reads the details of Transfer, SettingsChange, Custom and Creation;
 * the others (swaps, staking, vaults…) are accepted and shown by type only.
 */
export const transactionInfoTypes = [
  'Bridge',
  'Creation',
  'Custom',
  'NativeStakingDeposit',
  'NativeStakingValidatorsExit',
  'NativeStakingWithdraw',
  'SettingsChange',
  'Swap',
  'SwapAndBridge',
  'SwapOrder',
  'SwapTransfer',
  'Transfer',
  'TwapOrder',
  'VaultDeposit',
  'VaultRedeem',
] as const
export const transactionInfoTypeSchema = z.enum(transactionInfoTypes)
export type TransactionInfoType = z.infer<typeof transactionInfoTypeSchema>

/** `SettingsChange.type`. */
export const settingsChangeTypes = [
  'ADD_OWNER',
  'CHANGE_MASTER_COPY',
  'CHANGE_THRESHOLD',
  'DELETE_GUARD',
  'DISABLE_MODULE',
  'ENABLE_MODULE',
  'REMOVE_OWNER',
  'SET_FALLBACK_HANDLER',
  'SET_GUARD',
  'SWAP_OWNER',
] as const

/** `SafeState.implementationVersionState`. */
export const implementationVersionStates = ['UP_TO_DATE', 'OUTDATED', 'UNKNOWN'] as const

/**
 * Gas price types as Signet names them. The published schema spells them in lower case
 * (`oracle`, `fixed`, `fixed1559`), older gateways in upper case; both are accepted and an unknown
 * type becomes `UNKNOWN` rather than failing, as the Safe SDK does.
 */
export const gasPriceTypes = ['ORACLE', 'FIXED', 'FIXED1559', 'UNKNOWN'] as const
export type GasPriceType = (typeof gasPriceTypes)[number]
