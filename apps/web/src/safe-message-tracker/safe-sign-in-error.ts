import { GatewayError, GatewayHttpError } from '@signet/gateway/errors'
import { createTranslator } from 'use-intl'
import { englishMessages, type Messages } from '../i18n/catalogue.ts'
import type { Translate } from '../i18n/translate.ts'

export type SafeSignInErrorCode =
  | 'NOT_AN_OWNER'
  | 'GATEWAY_REJECTED'
  | 'GATEWAY_UNREACHABLE'
  | 'GATEWAY_ERROR'
  | 'CHAIN_UNREACHABLE'
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

/** A text of `safeTracker.errors` in the catalogue, with the values it quotes. */
export type SafeSignInText = {
  key: keyof Messages['safeTracker']['errors']
  values?: Record<string, string | number>
}

const english = createTranslator({ locale: 'en', messages: englishMessages })

/** The catalogue's text of `text` in `t`'s language. */
function wordText(t: Translate | typeof english, text: SafeSignInText): string {
  // The keys of `safeTracker.errors` take different values: each `SafeSignInText` carries its own.
  const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string
  return translate(`safeTracker.errors.${text.key}`, text.values)
}

/**
 * Signing in as a Safe (or confirming for one) stopped. The screen words it from `text` (a catalogue key
 * and its values) through {@link safeSignInErrorText}; `message` is its English text, for logs. Without
 * `text`, the error quotes another party's own words (the Safe host's refusal), shown as they are.
 */
export class SafeSignInError extends Error {
  readonly code: SafeSignInErrorCode
  readonly text: SafeSignInText | undefined
  constructor(code: SafeSignInErrorCode, text: SafeSignInText | string, options?: { cause?: unknown }) {
    super(typeof text === 'string' ? text : wordText(english, text), options)
    this.name = 'SafeSignInError'
    this.code = code
    this.text = typeof text === 'string' ? undefined : text
  }
}

/**
 * What the user reads for `error`, in `t`'s language: a {@link SafeSignInError}'s catalogue text, else
 * the error's own message (another party's words, or a technical detail).
 */
export function safeSignInErrorText(t: Translate, error: unknown): string {
  if (error instanceof SafeSignInError && error.text) return wordText(t, error.text)
  return errorText(error)
}

/** Codes that end a waiting sign-in; any other failure while watching is passing (looked at again). */
const finalCodes = new Set<SafeSignInErrorCode>(['OWNERS_CHANGED', 'SIGN_IN_EXPIRED', 'SIGN_IN_REFUSED'])

export function isFinal(error: unknown): error is SafeSignInError {
  return error instanceof SafeSignInError && finalCodes.has(error.code)
}

export const notAnOwnerError = (account: string) =>
  new SafeSignInError('NOT_AN_OWNER', { key: 'notAnOwner', values: { account } })

export function ownersChangedError(
  before: { owners: readonly string[]; threshold: number },
  after: { owners: readonly string[]; threshold: number },
): SafeSignInError {
  const same = before.threshold === after.threshold && before.owners.length === after.owners.length
  return new SafeSignInError(
    'OWNERS_CHANGED',
    same
      ? { key: 'ownersChangedOther' }
      : {
          key: 'ownersChanged',
          values: {
            threshold: after.threshold,
            owners: after.owners.length,
            wasThreshold: before.threshold,
            wasOwners: before.owners.length,
          },
        },
  )
}

/**
 * What a gateway failure means for the user. While signing (`submitting`), a 4xx answer is the gateway
 * rejecting the signature; its own text is quoted as `code: message`.
 */
export function gatewayFailure(error: unknown, submitting = false): SafeSignInError {
  if (error instanceof SafeSignInError) return error
  if (
    error instanceof GatewayError &&
    (error.code === 'GATEWAY_NETWORK_ERROR' || error.code === 'GATEWAY_TIMEOUT')
  ) {
    return new SafeSignInError('GATEWAY_UNREACHABLE', { key: 'gatewayUnreachable' }, { cause: error })
  }
  if (submitting && error instanceof GatewayHttpError && error.status >= 400 && error.status < 500) {
    return new SafeSignInError(
      'GATEWAY_REJECTED',
      { key: 'gatewayRejected', values: { reason: error.message } },
      { cause: error },
    )
  }
  return new SafeSignInError(
    'GATEWAY_ERROR',
    { key: 'gatewayFailed', values: { reason: errorText(error) } },
    { cause: error },
  )
}

/** An error's own message, for texts that quote it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** "The Safe did not sign within 10 min." (whole minutes), or in seconds below a minute. */
export function signingTimeoutText(timeoutMs: number): SafeSignInText {
  const minutes = Math.round(timeoutMs / 60_000)
  return minutes >= 1
    ? { key: 'signingTimeoutMinutes', values: { minutes } }
    : { key: 'signingTimeoutSeconds', values: { seconds: Math.round(timeoutMs / 1000) } }
}
