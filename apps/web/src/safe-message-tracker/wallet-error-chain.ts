/** Errors and their causes, outermost first (wagmi and viem wrap the wallet's error). */
export function* errorChain(
  error: unknown,
): Generator<{ code?: unknown; name?: unknown; message?: unknown }> {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    yield current as { code?: unknown; name?: unknown; message?: unknown }
    current = (current as { cause?: unknown }).cause
  }
}

/** The user said no in the wallet (EIP-1193 4001). */
export function isUserRejection(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (link.code === 4001 || link.name === 'UserRejectedRequestError') return true
  }
  return false
}
