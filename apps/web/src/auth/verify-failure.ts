import { signInErrorCodes } from '@signet/protocol/auth-api'
import { AuthApiError } from './auth-api.ts'

/**
 * Why `POST /api/auth/verify` did not sign in: the server `rejected` the signed message (RainbowKit's
 * "Error verifying signature, please retry!"), or `trouble` on the way — the service, the network or
 * the chain's RPC — which says nothing about the signature ("Oops, something went wrong!" and `reason`).
 */
export type VerifyFailure = { kind: 'rejected'; code: string } | { kind: 'trouble'; reason: string }

/** The 401 codes of a well-formed sign-in that the server refused (the protocol's sign-in rule codes). */
export const rejectionCodes: ReadonlySet<string> = new Set(signInErrorCodes)

/**
 * Tells a rejected sign-in from trouble reaching or running the check (SPEC §1: a transport error is
 * never reported as an invalid signature).
 *
 * @example if (describeVerifyFailure(error).kind === 'rejected') return false
 */
export function describeVerifyFailure(error: unknown): VerifyFailure {
  if (!(error instanceof AuthApiError)) {
    return {
      kind: 'trouble',
      reason: `Signet failed: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
  if (error.status === 401 && rejectionCodes.has(error.code)) return { kind: 'rejected', code: error.code }
  return { kind: 'trouble', reason: troubleReason(error) }
}

function troubleReason(error: AuthApiError): string {
  const wait = error.retryAfterSeconds
  if (error.code === 'rpc_unavailable') {
    return 'The chain’s RPC is unreachable, so your signature could not be checked. Try again later.'
  }
  if (error.status === 429) {
    return wait === undefined
      ? 'Too many sign-in attempts. Try again in a moment.'
      : `Too many sign-in attempts. Try again in ${wait} s.`
  }
  if (error.code === 'network_error') {
    return 'The sign-in service cannot be reached. Check your connection and try again.'
  }
  if (error.status >= 500) {
    const later = wait === undefined ? 'Try again later.' : `Try again in ${wait} s.`
    return `The sign-in service failed (HTTP ${error.status}). ${later}`
  }
  if (error.code === 'invalid_response')
    return 'The sign-in service gave an answer Signet does not understand.'
  return `The sign-in service refused the request (HTTP ${error.status}): ${error.message}`
}
