import type { PublicConfig } from '@signet/protocol/public-config'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type Provider from 'oidc-provider'
import type { Logger } from 'pino'
import type { AuditTrail } from '../audit/audit-trail.ts'
import { httpAudit } from '../audit/http-audit.ts'
import { SignetError } from '../errors.ts'
import { explorerRoutes } from '../explorer/explorer-routes.ts'
import { interactionRoutes } from '../oidc/interaction-routes.ts'
import { oidcInteractionPath } from '../oidc/oidc-provider.ts'
import { oidcTokenTtl } from '../oidc/token-lifetimes.ts'
import { countRateLimited } from '../operations/metrics.ts'
import { requestClientAddress, trustedProxyList } from '../request/client-address.ts'
import { errorResponse } from '../request/error-response.ts'
import { RateLimiter } from '../request/rate-limit.ts'
import { type RequestLogEnv, requestLogger } from '../request/request-log.ts'
import { pingDatabase } from '../store/database.ts'
import { type AuthRoutesOptions, authRoutes } from './auth-routes.ts'
import { contentSecurityPolicy } from './content-security-policy.ts'
import { cspReportRoutes } from './csp-report-routes.ts'
import { framedSessionCookie } from './framed-session-cookie.ts'
import { pendingSignInRoutes } from './pending-sign-in-routes.ts'
import { safeAppManifestRoutes } from './safe-app-manifest.ts'
import { webAppRoutes } from './web-app.ts'

export type CreateAppOptions = Omit<AuthRoutesOptions, 'rateLimits' | 'clientKey' | 'secure' | 'audit'> & {
  /** Where sign-ins, refusals, logouts, pending Safe sign-ins and consents are recorded. */
  auditTrail?: AuditTrail
  publicConfig: PublicConfig
  /** Origins allowed to frame Signet (Safe{Wallet} hosts). */
  safeHosts: readonly string[]
  rateLimit: {
    enabled: boolean
    noncePerMinute: number
    verifyPerMinute: number
    /** `POST /api/auth/pending`; default: as verify. */
    pendingPerMinute?: number
    /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client; default none. */
    trustedProxies?: readonly string[]
  }
  webDist: string
  log: Logger
  /** Longest life of a nonce held for a pending Safe sign-in (SIGNET_PENDING_SIGN_IN_TTL). */
  pendingNonceTtlMs?: number
  /** Longest wait of an explorer link for the gateway (default 5 s). */
  explorerLookupTimeoutMs?: number
  /**
   * The OpenID Connect provider answering now, when on: Signet serves its interaction pages and calls.
   * Each process rebuilds it when the signing keys change.
   */
  oidcProvider?: () => Provider
  /** The registered clients' redirect URIs (login and logout): where forms may send the browser. */
  oidcRedirectUris?: readonly string[]
  /** How long an OpenID Connect grant lives (seconds); required with `oidcProvider`. */
  oidcGrantTtlSeconds?: number
}

const maxBodyBytes = 64 * 1024
/** Where browsers report what the Content Security Policy blocked. */
export const cspReportPath = '/api/csp-report'

/**
 * The Content Security Policy of every answer: the app's, and the OpenID Connect provider's pages in
 * front of it (serve.ts), built from the run-time configuration.
 */
export function appContentSecurityPolicy(
  options: Pick<CreateAppOptions, 'publicConfig' | 'safeHosts' | 'oidcRedirectUris'>,
): string {
  const { publicConfig } = options
  return contentSecurityPolicy({
    safeHosts: options.safeHosts,
    rpcUrls: publicConfig.chains.flatMap((chain) => chain.rpcUrls),
    gatewayUrl: publicConfig.gatewayUrl,
    walletConnect: publicConfig.walletConnectProjectId
      ? { relayUrl: publicConfig.walletConnectRelayUrl }
      : undefined,
    walletIds: publicConfig.walletGroups.flatMap((group) => group.wallets),
    formActions: options.oidcRedirectUris ?? [],
    reportPath: cspReportPath,
  })
}

/**
 * The whole HTTP surface: the JSON API under /api and the built web app everywhere else.
 *
 * @example const app = createApp(options); serve({ fetch: app.fetch, port: 8787 })
 */
export function createApp(options: CreateAppOptions): Hono<RequestLogEnv> {
  const app = new Hono<RequestLogEnv>()
  const secure = options.origin.startsWith('https:')
  const policy = appContentSecurityPolicy(options)

  app.use('*', requestLogger(options.log))
  app.use('*', async (c, next) => {
    await next()
    // On the response in place: c.header() after next() makes Hono copy the finished response through
    // a ReadableStream (a third of the CPU of a sign-in answer).
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Content-Security-Policy', policy)
    if (secure) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  })

  // Cookie-bearing POSTs only from our own pages: a browser always sends Origin on a cross-site POST.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('Origin')
    if (c.req.method === 'POST' && origin !== undefined && origin !== options.origin) {
      throw new SignetError('forbidden_origin', 403, `Requests from ${origin} are not accepted.`)
    }
    await next()
  })
  const tooLarge = () => {
    throw new SignetError('payload_too_large', 413, `The body must be at most ${maxBodyBytes / 1024} KiB.`)
  }
  const limitStreamedBody = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge })
  const limitBody: MiddlewareHandler = async (c, next) => {
    // A declared length is enough (Node's parser never reads past it) and leaves the body to the route's
    // c.req.json(), which reads it straight from the socket; hono's bodyLimit touches c.req.raw.body,
    // which builds a web Request and ReadableStream for every call. Chunked bodies are counted as they come.
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxBodyBytes ? tooLarge() : next()
    }
    return limitStreamedBody(c, next)
  }
  app.use('/api/*', limitBody)
  // Signet's interaction calls of the OpenID Connect provider take JSON bodies too.
  app.use(`${oidcInteractionPath}/*`, limitBody)
  app.get('/api/health', async (c) => {
    if (!(await pingDatabase(options.db)))
      throw new SignetError('database_unavailable', 503, 'The database does not answer.')
    return c.json({ status: 'ok' })
  })
  app.get('/api/config', (c) => c.json(options.publicConfig))

  const limiter = (name: string, perMinute: number) =>
    new RateLimiter(options.db, name, perMinute, {
      onLimited: (route) => countRateLimited(options.metrics, route),
    })
  const rateLimits = options.rateLimit.enabled
    ? {
        nonce: limiter('nonce', options.rateLimit.noncePerMinute),
        verify: limiter('verify', options.rateLimit.verifyPerMinute),
        pending: limiter('pending', options.rateLimit.pendingPerMinute ?? options.rateLimit.verifyPerMinute),
        // Each explorer link asks the gateway: verify's rate, so the route can't be used to flood it.
        explorer: limiter('explorer', options.rateLimit.verifyPerMinute),
        // Reports come from Signet's own pages; a page that sends more than this is noise or abuse.
        cspReport: limiter('csp-report', options.rateLimit.verifyPerMinute),
      }
    : undefined
  const trustedProxies = trustedProxyList(options.rateLimit.trustedProxies ?? [])
  const clientKey = (c: Context) => requestClientAddress(c, trustedProxies)
  const audit = options.auditTrail ? httpAudit(options.auditTrail, options.db, trustedProxies) : undefined
  // Inside Safe{Wallet}'s cross-site frame the session cookie must be partitioned to be sent at all.
  app.use('/api/auth/*', framedSessionCookie())
  app.route(
    '/api/auth',
    authRoutes({ ...options, secure, rateLimits, clientKey, ...(audit ? { audit } : {}) }),
  )
  app.route(
    '/api/auth/pending',
    pendingSignInRoutes({
      ...options,
      pendingNonceTtlMs: options.pendingNonceTtlMs ?? options.nonceTtlMs,
      ...(rateLimits ? { limit: { limiter: rateLimits.pending, clientKey } } : {}),
      ...(audit ? { audit } : {}),
    }),
  )

  app.route(
    cspReportPath,
    cspReportRoutes({
      log: options.log,
      ...(rateLimits ? { limit: { limiter: rateLimits.cspReport, clientKey } } : {}),
    }),
  )

  app.all('/api/*', (c) => {
    throw new SignetError('not_found', 404, `No API route ${c.req.method} ${c.req.path}.`)
  })

  // Safe App mode's explorer links: a safeTxHash leads to its execution or its Safe{Wallet} page.
  app.route(
    '/explorer',
    explorerRoutes({
      chains: options.publicConfig.chains,
      gatewayUrl: options.publicConfig.gatewayUrl,
      safeHosts: options.safeHosts,
      ...(options.explorerLookupTimeoutMs ? { lookupTimeoutMs: options.explorerLookupTimeoutMs } : {}),
      ...(rateLimits ? { limit: { limiter: rateLimits.explorer, clientKey } } : {}),
    }),
  )

  if (options.oidcProvider) {
    app.route(
      oidcInteractionPath,
      interactionRoutes({
        ...options,
        provider: options.oidcProvider,
        oidcGrantTtlSeconds: options.oidcGrantTtlSeconds ?? oidcTokenTtl.Grant,
        appName: options.publicConfig.appName,
        secure,
        ...(rateLimits ? { verifyLimit: { limiter: rateLimits.verify, clientKey } } : {}),
        ...(audit ? { audit } : {}),
      }),
    )
  }

  // Safe{Wallet} fetches the manifest and its icon cross-origin.
  app.route('/', safeAppManifestRoutes({ appName: options.publicConfig.appName }))

  // The built web app: its files, and its page for every other path.
  app.route('/', webAppRoutes({ webDist: options.webDist, publicConfig: options.publicConfig }))

  app.onError(errorResponse(options.log))
  return app
}
