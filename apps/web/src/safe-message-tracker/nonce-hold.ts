import { AuthApiError } from '../auth/auth-api.ts'
import type { HeldNonce } from './pending-nonce-api.ts'

/** What asking the server to keep holding a waiting sign-in's nonce gave. */
export type NonceHoldAgain =
  | { kind: 'held'; expiresAt: string }
  /** The nonce is used or expired: the sign-in cannot complete any more. */
  | { kind: 'gone' }
  /** The server could not be reached or failed: keep waiting with the nonce as it was. */
  | { kind: 'unreachable' }

/** The server no longer holds the nonce (`invalid_nonce`, `expired`). */
export function isNonceGone(error: AuthApiError): boolean {
  return error.code === 'invalid_nonce' || error.code === 'expired'
}

/**
 * Resuming a sign-in that waits for a Safe (a reload, a return days later): the server is asked to hold
 * its message's nonce again. Any other refusal is thrown.
 *
 * @example const again = await holdNonceAgain(holdPendingNonce, tracked.message) // { kind: 'held', expiresAt }
 */
export async function holdNonceAgain(
  holdNonce: (message: string) => Promise<HeldNonce>,
  message: string,
): Promise<NonceHoldAgain> {
  try {
    const held = await holdNonce(message)
    return { kind: 'held', expiresAt: new Date(held.expiresAt).toISOString() }
  } catch (error) {
    if (error instanceof AuthApiError && isNonceGone(error)) return { kind: 'gone' }
    if (error instanceof AuthApiError && (error.status === 0 || error.status >= 500))
      return { kind: 'unreachable' }
    throw error
  }
}
