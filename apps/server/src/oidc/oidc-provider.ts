import type { IncomingMessage, ServerResponse } from 'node:http'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { sessionIdPrefix } from '../audit/audit-event.ts'
import { sessionAccount } from '../audit/http-audit.ts'
import { auditOidcProvider, type OidcAudit, recordOidcEvent } from '../audit/oidc-audit.ts'
import { enqueueLogoutDeliveries } from '../backchannel-logout/logout-deliveries.ts'
import type { OidcClientConfig } from '../config/oidc-config.ts'
import type { RateLimiter } from '../request/rate-limit.ts'
import { requestId, requestIdHeader } from '../request/request-id.ts'
import type { StoreDatabase } from '../store/database.ts'
import { oidcAdapterFactory } from '../store/oidc-adapter.ts'
import type { EndedSession } from '../store/session-store.ts'
import { deviceFlowFeature, devicePagesMiddleware } from './device-flow.ts'
import { accountClaims, findOidcAccount, oidcScopeClaims } from './oidc-account.ts'
import { escapeHtml, page } from './oidc-page.ts'
import type { OidcSecrets } from './oidc-secrets.ts'
import { oidcGrantTtlSeconds, oidcTokenTtl } from './token-lifetimes.ts'

/** Where the provider lives on Signet's origin; its issuer is `${origin}/oidc`. */
export const oidcMountPath = '/oidc'
/** Signet's own pages and JSON calls of an interaction (not the provider's): `/oidc/interaction/<uid>`. */
export const oidcInteractionPath = `${oidcMountPath}/interaction`

export type OidcProviderOptions = {
  db: StoreDatabase
  origin: string
  clients: readonly OidcClientConfig[]
  secrets: OidcSecrets
  appName: string
  /** How long a refresh token lives (`SIGNET_OIDC_REFRESH_TTL`), in seconds; its grant lives as long. */
  refreshTtlSeconds: number
  /**
   * How long a device code lives (`SIGNET_OIDC_DEVICE_CODE_TTL`), in seconds; the sign-in pages a device's
   * request opens live as long (a Safe's co-owners may take a while).
   */
  deviceCodeTtlSeconds: number
  /**
   * RP-initiated logout ends Signet's own session too: the name of its cookie, and how to revoke the
   * session of a cookie token.
   */
  signetSession?: { cookieName: string; revoke: (token: string) => Promise<EndedSession | undefined> }
  /** Where consents, issued and revoked tokens, and logouts are recorded. */
  audit?: OidcAudit
  /** Logout tokens were queued by an RP-initiated logout (the local deliverer sends them at once). */
  onLogoutQueued?: () => void
}

/**
 * The OpenID Connect provider (oidc-provider): authorization code with PKCE (S256, required for public
 * clients), ID token, userinfo, revocation, RP-initiated logout, refresh tokens for clients that list
 * the `refresh_token` grant and ask for `offline_access` (rotated on every use; a reused one revokes its
 * whole grant, which oidc-provider does when `rotateRefreshToken` is on), and token introspection
 * (RFC 7662) for authenticated clients, back-channel logout (logout tokens queued durably, sent by
 * backchannel-logout/logout-deliverer.ts), and the device authorization grant (RFC 8628, device-flow.ts)
 * for clients that list it. Its development interactions and dynamic registration are off;
 * sign-in and consent are Signet's own pages (interaction-routes.ts).
 *
 * @example const provider = createOidcProvider({ db, origin, clients, secrets, appName: 'Signet' })
 */
export function createOidcProvider(options: OidcProviderOptions): Provider {
  const skipConsent = new Set(options.clients.filter((client) => client.skip_consent).map((c) => c.client_id))
  const configuration: Configuration = {
    adapter: oidcAdapterFactory(options.db),
    clients: options.clients.map((client) => ({
      client_id: client.client_id,
      client_name: client.client_name,
      redirect_uris: client.redirect_uris,
      post_logout_redirect_uris: client.post_logout_redirect_uris,
      token_endpoint_auth_method: client.token_endpoint_auth_method,
      ...(client.client_secret ? { client_secret: client.client_secret } : {}),
      ...(client.backchannel_logout_uri
        ? {
            backchannel_logout_uri: client.backchannel_logout_uri,
            backchannel_logout_session_required: client.backchannel_logout_session_required ?? false,
          }
        : {}),
      grant_types: [...client.grant_types],
      // A device-only client is never redirected to: it has no response type (and no redirect URI).
      response_types: client.grant_types.includes('authorization_code') ? ['code'] : [],
      // auth_time in every ID token: for a Safe it is when the owners' signature completed.
      require_auth_time: true,
    })),
    jwks: options.secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: options.secrets.cookieKeys,
      long: { signed: true, secure: options.origin.startsWith('https:') },
      short: { signed: true, secure: options.origin.startsWith('https:') },
    },
    // offline_access: a refresh token, for clients with the refresh_token grant (and prompt=consent, as
    // OpenID Connect requires; oidc-provider drops the scope otherwise).
    scopes: [...Object.keys(oidcScopeClaims), 'offline_access'],
    claims: Object.fromEntries(
      Object.entries(oidcScopeClaims).map(([scope, claims]) => [scope, [...claims]]),
    ),
    // The scopes' claims go into the ID token too, not only to userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: false },
      // A client revokes its own tokens only (revoking one ends its whole grant).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      // Only an authenticated client may ask: a public client has no credential (oidc-provider's default
      // policy would let it ask about its own tokens; Signet's public clients are browsers, not APIs).
      introspection: {
        enabled: true,
        allowedPolicy: async (ctx) => ctx.oidc.client?.clientAuthMethod !== 'none',
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      // Client metadata, discovery and `sid` in ID tokens are the provider's; the sending is Signet's
      // durable queue (see the override of Client#backchannelLogout below).
      backchannelLogout: { enabled: true },
      deviceFlow: deviceFlowFeature(options.appName),
    },
    interactions: {
      url: (_ctx, interaction) => `${oidcInteractionPath}/${interaction.uid}`,
    },
    findAccount: async (_ctx, accountId) => {
      const account = await findOidcAccount(options.db, accountId)
      if (!account) return undefined
      return { accountId, claims: () => accountClaims(account) as { sub: string } }
    },
    // The operator's own applications (`skip_consent`) are granted what they ask without a consent page.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx
      const clientId = oidc.client?.clientId
      if (!clientId || !oidc.session?.accountId) return undefined
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId)
      if (grantId) {
        const grant = await oidc.provider.Grant.find(grantId)
        if (grant) return grant
      }
      if (!skipConsent.has(clientId)) return undefined
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId })
      const scope = oidc.params?.scope
      if (typeof scope === 'string') grant.addOIDCScope(scope)
      await grant.save()
      if (options.audit)
        await recordOidcEvent(options.audit, ctx, {
          type: 'oidc.consent',
          account: oidc.session.accountId,
          clientId,
          details: {
            scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
            skipConsent: true,
          },
        })
      return grant
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = page(
        'Sign-in failed',
        `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
      )
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    // A new refresh token on every use; the one it replaces is consumed, and presenting it again is
    // treated as theft: the whole grant (every token of it) is revoked.
    rotateRefreshToken: true,
    ttl: {
      ...oidcTokenTtl,
      RefreshToken: options.refreshTtlSeconds,
      DeviceCode: options.deviceCodeTtlSeconds,
      // A device's request: its sign-in page lives as long as its device code still does.
      Interaction: (ctx) => {
        const deviceCodeExpiry = ctx.oidc.entities.DeviceCode?.exp
        if (typeof deviceCodeExpiry !== 'number') return oidcTokenTtl.Interaction
        return Math.max(1, deviceCodeExpiry - Math.floor(Date.now() / 1000))
      },
      // A grant outlives its refresh tokens: it is what they are revoked by.
      Grant: oidcGrantTtlSeconds(options.refreshTtlSeconds),
    },
  }
  const provider = new Provider(`${options.origin}${oidcMountPath}`, configuration)
  // Over HTTPS Signet runs behind a TLS-terminating proxy: the provider must believe its
  // X-Forwarded-Proto to set its Secure cookies.
  provider.proxy = options.origin.startsWith('https:')
  if (options.audit) auditOidcProvider(provider, options.audit)
  // The provider would POST logout tokens itself from end_session, once, inside the request, and forget
  // them. Its call per application (with the session's account and sid) queues a durable delivery
  // instead: retried with back-off, sent by whichever process is up (backchannel-logout/).
  const clientClass = provider.Client as unknown as {
    prototype: { clientId: string; backchannelLogout(sub: string, sid?: string): Promise<void> }
  }
  clientClass.prototype.backchannelLogout = async function queueLogoutToken(sub, sid) {
    await enqueueLogoutDeliveries(options.db, [
      { clientId: this.clientId, sub, sid, reason: 'application_logout' },
    ])
    options.onLogoutQueued?.()
  }
  provider.use(devicePagesMiddleware)
  const signetSession = options.signetSession
  if (signetSession) {
    // After the user confirmed the logout (and before the answer leaves): the Signet session of this
    // browser is revoked server-side and its cookie cleared, as a sign-out in Signet itself would.
    provider.use(async (ctx, next) => {
      await next()
      const oidc = (ctx as KoaContextWithOIDC).oidc
      if (oidc?.route !== 'end_session_confirm' || ctx.status !== 303 || !oidc.params?.logout) return
      const token = ctx.cookies.get(signetSession.cookieName, { signed: false })
      const ended = token ? await signetSession.revoke(token) : undefined
      if (ended && options.audit)
        await recordOidcEvent(options.audit, ctx as KoaContextWithOIDC, {
          type: 'session.ended',
          account: sessionAccount(ended),
          clientId: oidc.client?.clientId ?? null,
          details: { reason: 'logout', session: sessionIdPrefix(ended.id) },
        })
      ctx.cookies.set(signetSession.cookieName, '', {
        path: '/',
        expires: new Date(0),
        signed: false,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.origin.startsWith('https:'),
      })
    })
  }
  return provider

  async function logoutSource(ctx: KoaContextWithOIDC, form: string) {
    const client = ctx.oidc.client?.clientName ?? 'the application'
    ctx.body = page(
      'Sign out',
      `${form}<p>Sign out of ${escapeHtml(options.appName)} and ${escapeHtml(client)}?</p>
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
    )
  }

  async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
    ctx.body = page('Signed out', `<p>You are signed out of ${escapeHtml(options.appName)}.</p>`)
  }
}

/** Per-client limits of the provider's authorization and token endpoints (none when rate limits are off). */
export type OidcRouteLimits = {
  authorization: RateLimiter
  token: RateLimiter
  clientKey: (req: IncomingMessage) => string
}

/**
 * The provider's own routes (everything under /oidc but Signet's interaction pages), for the Node
 * listener: it reads the raw request body itself, so it runs in front of Hono. Returns false for a
 * request that is not the provider's.
 */
export function oidcRequestHandler(
  currentProvider: () => Provider,
  contentSecurityPolicy: string,
  limits?: OidcRouteLimits,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // The provider is rebuilt when the signing keys change; each request goes to the one current then.
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>()
  const callbackOf = (provider: Provider) => {
    let callback = callbacks.get(provider)
    if (!callback) {
      callback = provider.callback()
      callbacks.set(provider, callback)
    }
    return callback
  }
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    // Signet's headers on the provider's pages too (logout, errors, form_post). Set before the provider
    // runs: its form_post page adds the hash of its one inline script to this policy's script-src.
    res.setHeader('Content-Security-Policy', contentSecurityPolicy)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    // The request id as Hono's routes give it (request-log.ts), kept on the request for the audit trail.
    const id = requestId(req.headers['x-request-id'])
    req.headers['x-request-id'] = id
    res.setHeader(requestIdHeader, id)
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    // A device's request and the typing of its user code count as authorization requests: the code
    // page must not become a way to guess codes.
    const limiter = ['/auth', '/device/auth', '/device'].includes(path)
      ? limits?.authorization
      : path === '/token'
        ? limits?.token
        : undefined
    const retryAfter = limiter && limits ? await limiter.hit(limits.clientKey(req)) : undefined
    if (retryAfter !== undefined) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) })
      res.end(
        JSON.stringify({
          error: 'rate_limited',
          error_description: `Too many requests; retry in ${retryAfter} s.`,
        }),
      )
      return
    }
    await callbackOf(currentProvider())(req, res)
  }
  return (req, res) => {
    const url = req.url ?? '/'
    if (url !== oidcMountPath && !url.startsWith(`${oidcMountPath}/`) && !url.startsWith(`${oidcMountPath}?`))
      return false
    if (url.startsWith(`${oidcInteractionPath}/`)) return false
    // Mounted as Koa apps are: the provider routes the path below the mount and finds the mount path
    // again from `originalUrl` when it builds its URLs.
    Object.assign(req, { originalUrl: url })
    req.url = url.slice(oidcMountPath.length) || '/'
    if (req.url.startsWith('?')) req.url = `/${req.url}`
    answer(req, res).catch(() => {
      // The limiter's database failed: the provider's own answers never reject.
      if (!res.headersSent) res.writeHead(503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'temporarily_unavailable' }))
    })
    return true
  }
}
