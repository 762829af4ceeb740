import type { BlockList } from 'node:net'
import type Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'
import { clientAddress } from '../request/client-address.ts'
import { requestIdHeader } from '../request/request-id.ts'
import type { AuditEventInput } from './audit-event.ts'
import type { AuditTrail } from './audit-trail.ts'

/** The audit of the OpenID Connect provider's own routes (they run in front of Hono, on the Node request). */
export type OidcAudit = { trail: AuditTrail; trustedProxies: BlockList | undefined }

/**
 * Records an event of a provider request, with its request id (serve.ts gives every Node request one,
 * in `X-Request-Id`, before the provider runs) and its client address.
 */
export function recordOidcEvent(
  audit: OidcAudit,
  ctx: KoaContextWithOIDC,
  event: AuditEventInput,
): Promise<void> {
  const req = ctx.req
  const forwarded = req.headers['x-forwarded-for']
  const id = req.headers[requestIdHeader.toLowerCase()]
  return audit.trail.record({
    ...event,
    requestId: typeof id === 'string' ? id : null,
    clientIp: clientAddress(
      req.socket.remoteAddress,
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      audit.trustedProxies,
    ),
  })
}

/**
 * Audits the provider's own routes: tokens issued at the token endpoint are `oidc.token_issued`; a token
 * revoked at the revocation endpoint, and a grant revoked with its tokens (logout, a replayed code), are
 * `oidc.token_revoked`. The two endpoints are audited in a middleware, so the answer waits for the row;
 * `grant.revoked` is an event of the provider, recorded without waiting. No token value is recorded: an
 * opaque token's id is the token itself.
 */
export function auditOidcProvider(provider: Provider, audit: OidcAudit): void {
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    void recordOidcEvent(audit, ctx, {
      type: 'oidc.token_revoked',
      account: ctx.oidc.session?.accountId ?? ctx.oidc.entities.Grant?.accountId ?? null,
      clientId: ctx.oidc.client?.clientId ?? null,
      details: { via: ctx.oidc.route ?? null, what: 'grant' },
    })
  })
  provider.use(async (ctx, next) => {
    await next()
    const oidc = (ctx as KoaContextWithOIDC).oidc
    if (ctx.status !== 200 || !oidc) return
    if (oidc.route === 'token') {
      const { entities, params, client } = oidc
      // What the token response carries, by its field names (the values stay out).
      const body = (ctx.body !== null && typeof ctx.body === 'object' ? ctx.body : {}) as Record<
        string,
        unknown
      >
      await recordOidcEvent(audit, ctx as KoaContextWithOIDC, {
        type: 'oidc.token_issued',
        account: entities.Grant?.accountId ?? entities.AccessToken?.accountId ?? null,
        clientId: client?.clientId ?? null,
        details: {
          grantType: typeof params?.grant_type === 'string' ? params.grant_type : null,
          tokens: ['access_token', 'id_token', 'refresh_token'].filter((field) => body[field] !== undefined),
          scope: entities.AccessToken?.scope ?? null,
        },
      })
    } else if (oidc.route === 'revocation') {
      // The revocation endpoint destroys an access token without an event that carries the request.
      const token = oidc.entities.AccessToken ?? oidc.entities.RefreshToken
      if (!token) return
      await recordOidcEvent(audit, ctx as KoaContextWithOIDC, {
        type: 'oidc.token_revoked',
        account: token.accountId ?? null,
        clientId: oidc.client?.clientId ?? null,
        details: { via: 'revocation', what: token.kind },
      })
    }
  })
}
