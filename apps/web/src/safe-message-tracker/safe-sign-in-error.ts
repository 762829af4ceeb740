import { GatewayError, GatewayHttpError } from '@signet/gateway/errors'
import { safeSignInTexts as texts } from './texts.ts'

export type SafeSignInErrorCode =
  | 'NOT_AN_OWNER'
  | 'GATEWAY_REJECTED'
  | 'GATEWAY_UNREACHABLE'
  | 'GATEWAY_ERROR'
  | 'OWNERS_CHANGED'
  | 'SIGN_IN_EXPIRED'
  | 'SIGN_IN_REFUSED'
  | 'SIGN_IN_UNAVAILABLE'
  | 'WALLET_REJECTED'
  | 'MESSAGE_MISMATCH'
  | 'MESSAGE_NOT_FOUND'
  | 'SAFE_NOT_DEPLOYED'
  | 'SAFE_ADDRESS_MISMATCH'
  | 'SAFE_SIGNING_REJECTED'
  | 'SAFE_SIGNING_TIMEOUT'
  | 'SAFE_TRANSACTION_FAILED'
  | 'SAFE_TRANSACTION_CANCELLED'

/** Signing in as a Safe (or confirming for one) stopped; the message is the text the user reads. */
export class SafeSignInError extends Error {
  readonly code: SafeSignInErrorCode
  constructor(code: SafeSignInErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SafeSignInError'
    this.code = code
  }
}

/** Codes that end a waiting sign-in; any other failure while watching is passing (looked at again). */
const finalCodes = new Set<SafeSignInErrorCode>(['OWNERS_CHANGED', 'SIGN_IN_EXPIRED', 'SIGN_IN_REFUSED'])

export function isFinal(error: unknown): error is SafeSignInError {
  return error instanceof SafeSignInError && finalCodes.has(error.code)
}

export const notAnOwnerError = (account: string) =>
  new SafeSignInError('NOT_AN_OWNER', texts.notAnOwner(account))

export function ownersChangedError(
  before: { owners: readonly string[]; threshold: number },
  after: { owners: readonly string[]; threshold: number },
): SafeSignInError {
  const was = `${before.threshold} of ${before.owners.length}`
  const now = `${after.threshold} of ${after.owners.length}`
  return new SafeSignInError(
    'OWNERS_CHANGED',
    texts.ownersChanged(was === now ? 'other owners' : `now ${now}, was ${was}`),
  )
}

/**
 * What a gateway failure means for the user. While signing (`submitting`), a 4xx answer is the gateway
 * rejecting the signature; its own text is shown as `code: message`.
 */
export function gatewayFailure(error: unknown, submitting = false): SafeSignInError {
  if (error instanceof SafeSignInError) return error
  if (
    error instanceof GatewayError &&
    (error.code === 'GATEWAY_NETWORK_ERROR' || error.code === 'GATEWAY_TIMEOUT')
  ) {
    return new SafeSignInError('GATEWAY_UNREACHABLE', texts.gatewayUnreachable, { cause: error })
  }
  if (submitting && error instanceof GatewayHttpError && error.status >= 400 && error.status < 500) {
    return new SafeSignInError('GATEWAY_REJECTED', texts.gatewayRejected(error.message), { cause: error })
  }
  return new SafeSignInError('GATEWAY_ERROR', texts.gatewayFailed(errorText(error)), { cause: error })
}

/** An error's own message, for texts that quote it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
