import { GatewayError, GatewayHttpError } from '@signet/gateway/errors'

export type SafeSignInErrorCode =
  | 'NOT_AN_OWNER'
  | 'GATEWAY_REJECTED'
  | 'GATEWAY_UNREACHABLE'
  | 'GATEWAY_ERROR'
  | 'OWNERS_CHANGED'
  | 'SIGN_IN_EXPIRED'
  | 'SIGN_IN_REFUSED'
  | 'WALLET_REJECTED'
  | 'MESSAGE_MISMATCH'
  | 'MESSAGE_NOT_FOUND'

/** Signing in as a Safe (or confirming for one) stopped; the message is the text the user reads. */
export class SafeSignInError extends Error {
  readonly code: SafeSignInErrorCode
  constructor(code: SafeSignInErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SafeSignInError'
    this.code = code
  }
}

export const notAnOwnerError = (account: string) =>
  new SafeSignInError('NOT_AN_OWNER', `The connected account ${account} is not an owner of this Safe.`)

export const signInExpiredError = () =>
  new SafeSignInError(
    'SIGN_IN_EXPIRED',
    'This sign-in request expired before all owners confirmed it. Start again to sign a new message.',
  )

export function ownersChangedError(
  before: { owners: readonly string[]; threshold: number },
  after: { owners: readonly string[]; threshold: number },
): SafeSignInError {
  const was = `${before.threshold} of ${before.owners.length}`
  const now = `${after.threshold} of ${after.owners.length}`
  const change = was === now ? 'other owners' : `now ${now}, was ${was}`
  return new SafeSignInError(
    'OWNERS_CHANGED',
    `The Safe's owners or threshold changed while waiting for confirmations (${change}). Start the sign-in again.`,
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
    return new SafeSignInError(
      'GATEWAY_UNREACHABLE',
      'The Safe Client Gateway cannot be reached. Check the connection and try again.',
      { cause: error },
    )
  }
  if (submitting && error instanceof GatewayHttpError && error.status >= 400 && error.status < 500) {
    return new SafeSignInError(
      'GATEWAY_REJECTED',
      `The Safe Client Gateway rejected the signature: ${error.message}`,
      {
        cause: error,
      },
    )
  }
  const text = error instanceof Error ? error.message : String(error)
  return new SafeSignInError('GATEWAY_ERROR', `The Safe Client Gateway failed: ${text}`, { cause: error })
}
