import type { TransactionStatus } from '@signet/gateway/responses/enums'
import type { TransactionInfo, TransactionSummary } from '@signet/gateway/responses/transactions'
import type { Messages } from '../i18n/catalogue.ts'
import type { Translate } from '../i18n/translate.ts'
import { formatTokenAmount } from './token-amount.ts'

// The words come from `safe.summary` and `safe.transactions`; amounts are formatted for `locale`.

type SettingsType = keyof Messages['safe']['summary']['settings']

/** The label of a transaction's status (`Awaiting confirmations`). */
export function transactionStatusLabel(t: Translate, status: TransactionStatus): string {
  return t(`safe.transactions.status.${status}`)
}

function transferAmount(
  t: Translate,
  locale: string,
  info: Extract<TransactionInfo, { type: 'Transfer' }>,
  nativeSymbol: string,
): string {
  const transfer = info.transferInfo
  switch (transfer.type) {
    case 'NATIVE_COIN':
      return t('safe.summary.amount', {
        amount: formatTokenAmount(transfer.value ?? '0', 18, locale),
        symbol: nativeSymbol,
      })
    case 'ERC20':
      return t('safe.summary.amount', {
        amount: formatTokenAmount(transfer.value, transfer.decimals ?? 0, locale),
        symbol: transfer.tokenSymbol ?? t('safe.summary.tokensFallbackSymbol'),
      })
    case 'ERC721':
      return t('safe.summary.nft', {
        token: transfer.tokenSymbol ?? transfer.tokenName ?? t('safe.summary.nftFallbackName'),
        tokenId: transfer.tokenId,
      })
  }
}

/**
 * One line saying what a Safe transaction does, from the gateway's decoded `txInfo`:
 * e.g. `Sent 0.1 ETH to 0x…`, `Change threshold (changeThreshold)`, `Contract interaction: signMessage`.
 * The gateway's own `humanDescription` is shown as it comes.
 */
export function describeTransaction(
  t: Translate,
  locale: string,
  info: TransactionInfo,
  nativeSymbol = 'ETH',
): string {
  if (info.humanDescription) return info.humanDescription
  switch (info.type) {
    case 'Transfer': {
      const amount = transferAmount(t, locale, info, nativeSymbol)
      return info.direction === 'INCOMING'
        ? t('safe.summary.received', { amount, address: info.sender.value })
        : info.direction === 'OUTGOING'
          ? t('safe.summary.sent', { amount, address: info.recipient.value })
          : t('safe.summary.transfer', { amount })
    }
    case 'SettingsChange': {
      const type = info.settingsInfo?.type
      const method = info.dataDecoded.method
      return type && type in knownSettings
        ? t('safe.summary.settingsChange', {
            label: t(`safe.summary.settings.${type as SettingsType}`),
            method,
          })
        : t('safe.summary.settingsChangeUnknown', { method })
    }
    case 'Custom':
      if (info.isCancellation) return t('safe.summary.rejection')
      if (info.methodName === 'multiSend' && info.actionCount !== undefined) {
        return t('safe.summary.batch', { count: info.actionCount })
      }
      return info.methodName
        ? t('safe.summary.contractMethod', { method: info.methodName })
        : t('safe.summary.contractAt', { address: info.to.value })
    case 'Creation':
      return t('safe.summary.created', { address: info.creator.value })
    default:
      return info.type
  }
}

// The settings changes the catalogue names (the gateway may add others).
const knownSettings: Record<SettingsType, true> = {
  ADD_OWNER: true,
  CHANGE_MASTER_COPY: true,
  CHANGE_THRESHOLD: true,
  DELETE_GUARD: true,
  DISABLE_MODULE: true,
  ENABLE_MODULE: true,
  REMOVE_OWNER: true,
  SET_FALLBACK_HANDLER: true,
  SET_GUARD: true,
  SWAP_OWNER: true,
}

/** `Nonce 3 · 1 of 2 confirmations` for multisig transactions; empty for the others. */
export function describeExecution(t: Translate, executionInfo: TransactionSummary['executionInfo']): string {
  if (!executionInfo) return ''
  if (executionInfo.type === 'MODULE')
    return t('safe.transactions.executionModule', { address: executionInfo.address.value })
  return t('safe.transactions.executionMultisig', {
    nonce: executionInfo.nonce,
    submitted: executionInfo.confirmationsSubmitted,
    required: executionInfo.confirmationsRequired,
  })
}

/** `1 of 2 confirmations` (the singular for one required). */
export function confirmationCount(t: Translate, submitted: number, required: number): string {
  return t('safe.messages.confirmationCount', { submitted, required })
}
