import { randomUUID } from 'node:crypto'
import type Provider from 'oidc-provider'

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0). */
export const backchannelLogoutEvent = 'http://schemas.openid.net/event/backchannel-logout'

/** A registered application as the provider knows it. */
export type ProviderClient = NonNullable<Awaited<ReturnType<Provider['Client']['find']>>>

/**
 * Signs a logout token for `client` with the provider's own logout-token path (its `IdToken` with
 * `use: 'logout'`), so it is signed as the ID tokens are — the provider's current key and the client's
 * ID token algorithm, `kid` in the header — with `typ: logout+jwt`, `iss`, `aud` (the client id),
 * `iat`, `exp` (two minutes), a fresh `jti`, the back-channel logout event and `sub`; never a `nonce`.
 * `sid` is added when the client registered `backchannel_logout_session_required` — exactly the clients
 * whose ID tokens carry `sid`, so an application sees only `sid` values it can match.
 *
 * Takes the provider each time: whichever instance is current (its keys may be reloaded) signs.
 *
 * @example const token = await signLogoutToken(provider, client, { sub, sid })
 */
export async function signLogoutToken(
  provider: Provider,
  client: ProviderClient,
  subject: { sub: string; sid?: string | undefined },
): Promise<string> {
  const token = new provider.IdToken({ sub: subject.sub }, { client })
  // The claims mask of the provider's own logout token: `sub` only, whatever the client's scopes.
  Object.assign(token, { mask: { sub: null } })
  token.set('events', { [backchannelLogoutEvent]: {} })
  token.set('jti', randomUUID())
  if (subject.sid && client.backchannelLogoutSessionRequired) token.set('sid', subject.sid)
  return token.issue({ use: 'logout' })
}
