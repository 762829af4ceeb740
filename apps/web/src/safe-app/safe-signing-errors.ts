export type SafeSigningErrorCode =
  | 'SAFE_ADDRESS_MISMATCH'
  | 'SAFE_SIGNING_REJECTED'
  | 'SAFE_SIGNING_TIMEOUT'
  | 'SAFE_TRANSACTION_FAILED'
  | 'SAFE_TRANSACTION_CANCELLED'

/** Signing as the Safe did not produce a signature; `code` says why (the UI shows its own text). */
export class SafeSigningError extends Error {
  readonly code: SafeSigningErrorCode
  constructor(code: SafeSigningErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SafeSigningError'
    this.code = code
  }
}

/** The Safe provider's own text for a signing request that names another account. */
export const addressMismatchText = 'The address or message hash is invalid'
