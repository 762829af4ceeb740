import type { Messages } from '../i18n/catalogue.ts'
import type { Translate } from '../i18n/translate.ts'
import { errorText } from '../lib/error-text.ts'

/** What the failed request was about, when the caller knows it (wagmi's mutation variables). */
export type WalletErrorContext = {
  /** The wallet being connected ("Rabby Wallet"). */
  walletName?: string
  /** The chain the app asked the wallet to switch to. */
  chainId?: number
}

/** A wallet failure Signet words itself: a key of `wallet.errors` with its values. */
export type WalletErrorMessage = {
  key: `wallet.errors.${keyof Messages['wallet']['errors']}`
  values?: Record<string, string | number>
}

/**
 * What to tell the user about a failed wallet request. wagmi turns wallet errors into viem's
 * typed errors (user rejected 4001, pending request -32002, …); this reads their codes, and
 * the names of wagmi's own errors, which carry no code. Undefined when Signet knows no better
 * words than the wallet's own (see {@link describeWalletError}).
 */
export function walletErrorMessage(
  error: unknown,
  context: WalletErrorContext = {},
): WalletErrorMessage | undefined {
  // wagmi's injected connector wraps it in a SwitchChainError, whose code (4902) says less.
  if (hasErrorNamed(error, 'ChainNotConfiguredError')) {
    return context.chainId === undefined
      ? { key: 'wallet.errors.networkNotOffered' }
      : { key: 'wallet.errors.chainNotOffered', values: { chainId: context.chainId } }
  }
  // A wallet that went away after the page loaded (extension removed or disabled).
  if (hasErrorNamed(error, 'ProviderNotFoundError') || hasErrorNamed(error, 'ConnectorNotFoundError')) {
    return context.walletName === undefined
      ? { key: 'wallet.errors.unnamedWalletNotFound' }
      : { key: 'wallet.errors.walletNotFound', values: { walletName: context.walletName } }
  }
  switch (errorCode(error)) {
    case 4001:
      return { key: 'wallet.errors.rejected' }
    case -32002:
      return { key: 'wallet.errors.requestPending' }
    case 4100:
      return { key: 'wallet.errors.unauthorized' }
    case 4900:
    case 4901:
      return { key: 'wallet.errors.networkUnreachable' }
    default:
      return undefined
  }
}

/**
 * The text of a failed wallet request in the page's language; for a failure Signet has no words
 * of its own for, the wallet's (or viem's) own message, which only the wallet could translate.
 *
 * @example describeWalletError(error, { walletName: 'Rabby Wallet' }, t)
 */
export function describeWalletError(error: unknown, context: WalletErrorContext, t: Translate): string {
  const message = walletErrorMessage(error, context)
  return message ? t(message.key, message.values) : errorText(t, error)
}

/** The first EIP-1193 / JSON-RPC code found along the error's cause chain. */
export function errorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Whether the error, or one along its cause chain, is named `name` (wagmi's errors set it). */
function hasErrorNamed(error: unknown, name: string): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { name?: unknown }).name === name) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
