import type { Messages } from '../i18n/catalogue.ts'
import type { Translate } from '../i18n/translate.ts'

type DescribedScope = keyof Messages['oidc']['scopes']

const describedScopes: Record<DescribedScope, true> = {
  openid: true,
  profile: true,
  eth: true,
  safe: true,
  offline_access: true,
}

/**
 * What the sign-in request page lists for a scope the application asks for: the catalogue's words
 * (`oidc.scopes`) for the scopes Signet knows, the scope's own name for any other.
 *
 * @example scopeText(t, 'offline_access') // "Stay signed in: the application may renew its access …"
 */
export function scopeText(t: Translate, scope: string): string {
  return Object.hasOwn(describedScopes, scope) ? t(`oidc.scopes.${scope as DescribedScope}`) : scope
}
