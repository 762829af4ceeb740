/**
 * What to tell the user about a failed wallet request. wagmi turns wallet errors into viem's
 * typed errors (user rejected 4001, pending request -32002, …); this reads their codes.
 */
export function describeWalletError(error: unknown): string {
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
