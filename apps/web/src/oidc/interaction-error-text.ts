import type { Messages } from '../i18n/catalogue.ts'
import type { Translate } from '../i18n/translate.ts'

type ErrorKey = keyof Messages['oidc']['errors']

/**
 * What the sign-in request page says about a failed call, by the error's code (`AuthApiError`):
 * the server's `message` is English and for developers, so the page shows the catalogue's text,
 * and a generic one for a code it has no words for.
 *
 * @example interactionErrorText(t, new AuthApiError('wrong_step', 409, '…'))
 */
export function interactionErrorText(t: Translate, error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  const key: ErrorKey =
    typeof code === 'string' && Object.hasOwn(knownCodes, code) ? (code as ErrorKey) : 'unknown'
  return t(`oidc.errors.${key}`)
}

const knownCodes: Record<Exclude<ErrorKey, 'unknown'>, true> = {
  interaction_not_found: true,
  unknown_client: true,
  wrong_application: true,
  wrong_step: true,
  no_completed_sign_in: true,
  no_session: true,
  rate_limited: true,
  starting: true,
  network_error: true,
}
