/** What the failed request was about, when the caller knows it (wagmi's mutation variables). */
export type WalletErrorContext = {
  /** The wallet being connected ("Rabby Wallet"). */
  walletName?: string
  /** The chain the app asked the wallet to switch to. */
  chainId?: number
}

/**
 * What to tell the user about a failed wallet request. wagmi turns wallet errors into viem's
 * typed errors (user rejected 4001, pending request -32002, …); this reads their codes, and
 * the names of wagmi's own errors, which carry no code.
 *
 * @example describeWalletError(error, { walletName: 'Rabby Wallet' })
 */
export function describeWalletError(error: unknown, context: WalletErrorContext = {}): string {
  // wagmi's injected connector wraps it in a SwitchChainError, whose code (4902) says less.
  if (hasErrorNamed(error, 'ChainNotConfiguredError')) {
    return context.chainId === undefined
      ? 'This app does not offer that network.'
      : `This app does not offer chain ${context.chainId}.`
  }
  // A wallet that went away after the page loaded (extension removed or disabled).
  if (hasErrorNamed(error, 'ProviderNotFoundError') || hasErrorNamed(error, 'ConnectorNotFoundError')) {
    return `${context.walletName ?? 'The wallet'} was not found in this browser. Install or enable it, then reload the page.`
  }
  switch (errorCode(error)) {
    case 4001:
      return 'You rejected the request in your wallet.'
    case -32002:
      return 'Your wallet already has a request waiting: open your wallet to answer it.'
    case 4100:
      return 'Your wallet has not authorized this site: connect again.'
    case 4900:
    case 4901:
      return 'Your wallet cannot reach this network right now.'
    default:
      return error instanceof Error
        ? (error as { shortMessage?: string }).shortMessage || error.message
        : String(error)
  }
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
