import type { TransactionStatus } from '@signet/gateway/responses/enums'
import type { TransactionInfo, TransactionSummary } from '@signet/gateway/responses/transactions'
import { formatTokenAmount } from './token-amount.ts'

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  AWAITING_CONFIRMATIONS: 'Awaiting confirmations',
  AWAITING_EXECUTION: 'Awaiting execution',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  SUCCESS: 'Success',
}

const settingsLabels: Record<string, string> = {
  ADD_OWNER: 'Add owner',
  CHANGE_MASTER_COPY: 'Change master copy',
  CHANGE_THRESHOLD: 'Change threshold',
  DELETE_GUARD: 'Remove guard',
  DISABLE_MODULE: 'Disable module',
  ENABLE_MODULE: 'Enable module',
  REMOVE_OWNER: 'Remove owner',
  SET_FALLBACK_HANDLER: 'Set fallback handler',
  SET_GUARD: 'Set guard',
  SWAP_OWNER: 'Swap owner',
}

function transferAmount(info: Extract<TransactionInfo, { type: 'Transfer' }>, nativeSymbol: string): string {
  const transfer = info.transferInfo
  switch (transfer.type) {
    case 'NATIVE_COIN':
      return `${formatTokenAmount(transfer.value ?? '0', 18)} ${nativeSymbol}`
    case 'ERC20':
      return `${formatTokenAmount(transfer.value, transfer.decimals ?? 0)} ${transfer.tokenSymbol ?? 'tokens'}`
    case 'ERC721':
      return `${transfer.tokenSymbol ?? transfer.tokenName ?? 'NFT'} #${transfer.tokenId}`
  }
}

/**
 * One line saying what a Safe transaction does, from the gateway's decoded `txInfo`:
 * e.g. `Sent 0.1 ETH to 0x…`, `Change threshold (changeThreshold)`, `Contract interaction: signMessage`.
 */
export function describeTransaction(info: TransactionInfo, nativeSymbol = 'ETH'): string {
  if (info.humanDescription) return info.humanDescription
  switch (info.type) {
    case 'Transfer':
      return info.direction === 'INCOMING'
        ? `Received ${transferAmount(info, nativeSymbol)} from ${info.sender.value}`
        : info.direction === 'OUTGOING'
          ? `Sent ${transferAmount(info, nativeSymbol)} to ${info.recipient.value}`
          : `Transfer of ${transferAmount(info, nativeSymbol)}`
    case 'SettingsChange': {
      const label = info.settingsInfo ? settingsLabels[info.settingsInfo.type] : undefined
      return `${label ?? 'Settings change'} (${info.dataDecoded.method})`
    }
    case 'Custom':
      if (info.isCancellation) return 'On-chain rejection'
      if (info.methodName === 'multiSend' && info.actionCount !== undefined) {
        return `Batch of ${info.actionCount} actions (multiSend)`
      }
      return info.methodName
        ? `Contract interaction: ${info.methodName}`
        : `Contract interaction with ${info.to.value}`
    case 'Creation':
      return `Safe created by ${info.creator.value}`
    default:
      return info.type
  }
}

/** `Nonce 3 · 1 of 2 confirmations` for multisig transactions; empty for the others. */
export function describeExecution(executionInfo: TransactionSummary['executionInfo']): string {
  if (!executionInfo) return ''
  if (executionInfo.type === 'MODULE') return `Module ${executionInfo.address.value}`
  return `Nonce ${executionInfo.nonce} · ${confirmationCount(executionInfo.confirmationsSubmitted, executionInfo.confirmationsRequired)}`
}

/** `1 of 2 confirmations` (the singular for one required). */
export function confirmationCount(submitted: number, required: number): string {
  return `${submitted} of ${required} ${required === 1 ? 'confirmation' : 'confirmations'}`
}
