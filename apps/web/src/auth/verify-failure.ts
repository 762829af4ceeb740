import { type ApiErrorCode, apiErrorCodes, signInErrorCodes } from '@signet/protocol/auth-api'
import type { Translate } from '../i18n/translate.ts'
import { AuthApiError } from './auth-api.ts'

/**
 * Why `POST /api/auth/verify` did not sign in: the server `rejected` the signed message (RainbowKit's
 * "Error verifying signature, please retry!"), or `trouble` on the way — the service, the network or
 * the chain's RPC — which says nothing about the signature ("Oops, something went wrong!" and `reason`,
 * worded by {@link verifyTroubleText}).
 */
export type VerifyFailure = { kind: 'rejected'; code: string } | { kind: 'trouble'; reason: VerifyTrouble }

/** What went wrong on the way, as data: the page words it in its language. */
export type VerifyTrouble =
  | { kind: 'rpcUnavailable' | 'unreachable' | 'badAnswer' }
  | { kind: 'rateLimited' | 'serverFailed'; status: number; retryAfterSeconds?: number }
  | { kind: 'refused'; status: number; code: string }
  /** Signet's own code failed: `detail` is the exception's message. */
  | { kind: 'failed'; detail: string }

/** The 401 codes of a well-formed sign-in that the server refused (the protocol's sign-in rule codes). */
export const rejectionCodes: ReadonlySet<string> = new Set(signInErrorCodes)

/**
 * Tells a rejected sign-in from trouble reaching or running the check (docs/PRODUCT.md, "RPC transport": a transport error is
 * never reported as an invalid signature).
 *
 * @example if (describeVerifyFailure(error).kind === 'rejected') return false
 */
export function describeVerifyFailure(error: unknown): VerifyFailure {
  if (!(error instanceof AuthApiError)) {
    return {
      kind: 'trouble',
      reason: { kind: 'failed', detail: error instanceof Error ? error.message : String(error) },
    }
  }
  if (error.status === 401 && rejectionCodes.has(error.code)) return { kind: 'rejected', code: error.code }
  return { kind: 'trouble', reason: troubleOf(error) }
}

function troubleOf(error: AuthApiError): VerifyTrouble {
  const { status, retryAfterSeconds } = error
  const wait = retryAfterSeconds === undefined ? {} : { retryAfterSeconds }
  if (error.code === 'rpc_unavailable') return { kind: 'rpcUnavailable' }
  if (status === 429) return { kind: 'rateLimited', status, ...wait }
  if (error.code === 'network_error') return { kind: 'unreachable' }
  if (status >= 500) return { kind: 'serverFailed', status, ...wait }
  if (error.code === 'invalid_response') return { kind: 'badAnswer' }
  return { kind: 'refused', status, code: error.code }
}

/** The trouble in `t`'s language; the server's own English `message` is never shown, its `code` is. */
export function verifyTroubleText(t: Translate, trouble: VerifyTrouble): string {
  switch (trouble.kind) {
    case 'rateLimited':
    case 'serverFailed':
      return trouble.retryAfterSeconds === undefined
        ? t(`auth.verifyTrouble.${trouble.kind}`, { status: String(trouble.status) })
        : t(`auth.verifyTrouble.${trouble.kind}Wait`, {
            status: String(trouble.status),
            seconds: trouble.retryAfterSeconds,
          })
    case 'refused':
      return t('auth.verifyTrouble.refused', {
        status: String(trouble.status),
        reason: serverErrorText(t, trouble.code),
      })
    case 'failed':
      return t('auth.verifyTrouble.failed', { detail: trouble.detail })
    default:
      return t(`auth.verifyTrouble.${trouble.kind}`)
  }
}

/** The catalogue's text for an API error code; a generic one for a code this page does not know. */
export function serverErrorText(t: Translate, code: string): string {
  return isApiErrorCode(code) ? t(`auth.serverErrors.${code}`) : t('auth.serverErrors.unknown')
}

function isApiErrorCode(code: string): code is ApiErrorCode {
  return (apiErrorCodes as readonly string[]).includes(code)
}
