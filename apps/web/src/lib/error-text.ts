import type { Translate } from '../i18n/translate.ts'

// Errors are told apart by their `name` and fields, not by class: lib/ imports none of the features
// that throw them, and the first paint (which shows a failed render with this) loads neither viem
// nor the gateway client.

type Values = Record<string, string | number>

/** The fields this reads, each checked before use: any thrown value may come in. */
type ErrorFields = {
  name?: unknown
  message?: unknown
  shortMessage?: unknown
  code?: unknown
  text?: { key?: unknown; values?: Values }
  field?: unknown
  problem?: { kind?: unknown; status?: unknown; detail?: unknown } | unknown
  call?: unknown
  timeoutMs?: unknown
  request?: unknown
  reason?: unknown
}

/**
 * What the page says about an error, in `t`'s language. Signet's own errors by the catalogue: the
 * auth API's (`AuthApiError`, by its code), the run-time config's (`PublicConfigError`), signing in
 * as a Safe (`SafeSignInError`), the gateway client's failures (time-out, unreachable, malformed
 * answer). Everything else in its own words, which only its source could translate: viem's short
 * message (`BaseError.shortMessage`, without the details and docs link of its message), the
 * gateway's answer as it words it, an `Error`'s message, any other thrown value as a string.
 *
 * @example errorText(t, error) // 'User rejected the request.'
 */
export function errorText(t: Translate, error: unknown): string {
  const text = catalogueText(t, error) ?? ownWords(error)
  return text || t('app.renderFailure.unknownError')
}

function catalogueText(t: Translate, error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const fields = error as ErrorFields
  switch (fields.name) {
    case 'AuthApiError':
      return typeof fields.code === 'string' && t.has(`auth.serverErrors.${fields.code}` as never)
        ? translateKey(t, `auth.serverErrors.${fields.code}`)
        : t('auth.serverErrors.unknown')
    case 'PublicConfigError':
      return configErrorText(t, fields)
    case 'SafeSignInError':
      // Without a catalogue text it quotes another party's words (the Safe host's refusal).
      return typeof fields.text?.key === 'string'
        ? translateKey(t, `safeTracker.errors.${fields.text.key}`, fields.text.values)
        : undefined
    case 'GatewayResponseError': {
      const problem = String(fields.problem)
      const detail = fields.field ? `${String(fields.field)}: ${problem}` : problem
      return t('safe.gatewayErrors.responseInvalid', { call: String(fields.call), detail })
    }
    case 'GatewayTimeoutError':
      return t('safe.gatewayErrors.timeout', {
        timeoutMs: Number(fields.timeoutMs),
        request: String(fields.request),
      })
    case 'GatewayNetworkError':
      return t('safe.gatewayErrors.unreachable', {
        request: String(fields.request),
        reason: String(fields.reason),
      })
    default:
      return undefined
  }
}

function configErrorText(t: Translate, fields: ErrorFields): string | undefined {
  const field = String(fields.field)
  const problem = (fields.problem ?? {}) as { kind?: unknown; status?: unknown; detail?: unknown }
  switch (problem.kind) {
    case 'missing':
    case 'notJson':
      return t(`app.configError.${problem.kind}`, { field })
    case 'httpStatus':
      return t('app.configError.httpStatus', { field, status: String(problem.status) })
    case 'invalid':
      return t('app.configError.invalid', { field, problem: String(problem.detail) })
    default:
      return undefined
  }
}

function ownWords(error: unknown): string {
  if (error instanceof Error) {
    const { shortMessage } = error as { shortMessage?: unknown }
    return typeof shortMessage === 'string' && shortMessage ? shortMessage : error.message
  }
  return String(error)
}

/** `t` for a key built at run time (its values are the caller's to match). */
function translateKey(t: Translate, key: string, values?: Values): string {
  return (t as unknown as (key: string, values?: Values) => string)(key, values)
}
