import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type HttpBindings, type ServerType, serve } from '@hono/node-server'
import type { DemoChain } from '@signet/devchain/demo'
import type { Logger } from 'pino'
import { sweepAuditEvents } from './audit/audit-store.ts'
import { recordSweptRows } from './audit/audit-sweep.ts'
import { AuditTrail } from './audit/audit-trail.ts'
import { browserProviderLogout } from './backchannel-logout/browser-logout.ts'
import { LogoutDeliverer, type LogoutDeliveryTiming } from './backchannel-logout/logout-deliverer.ts'
import { type ChainClient, closeRpcWebSockets, createChainClient } from './chain/chain-client.ts'
import {
  demoWalletConnectProjectId,
  hostedGatewayUrl,
  loadConfig,
  publicWalletConnectRelayUrl,
  type SignetConfig,
  safeWatchConfirmations,
  signInDomain,
  withLocalChain,
} from './config/config.ts'
import { importDemoTooling } from './config/demo-tooling.ts'
import { createLogger } from './config/logger.ts'
import { type DemoFixtures, toPublicConfig } from './config/public-config.ts'
import { errorBody } from './errors.ts'
import { appContentSecurityPolicy, createApp } from './http/app.ts'
import { defaultWebDist } from './http/web-app.ts'
import { type KeyReloadingProvider, startKeyReloadingProvider } from './oidc/key-reloading-provider.ts'
import { createOidcProvider, oidcRequestHandler } from './oidc/oidc-provider.ts'
import { loadOidcCookieKeys } from './oidc/oidc-secrets.ts'
import { oidcGrantTtlSeconds } from './oidc/token-lifetimes.ts'
import { ChainHealth } from './operations/chain-health.ts'
import { HttpDrain } from './operations/draining.ts'
import { startManagementServer } from './operations/management-server.ts'
import {
  countOidcTokens,
  countRateLimited,
  createSignetMetrics,
  processMetricsRegistry,
  type SignetMetrics,
} from './operations/metrics.ts'
import { ReadinessProbe, type ReadinessReport, startingReadiness } from './operations/readiness.ts'
import { clientAddress, trustedProxyList } from './request/client-address.ts'
import { RateLimiter, sweepRateLimits } from './request/rate-limit.ts'
import { sessionCookieName } from './request/session-cookie.ts'
import { AccountEndedHooks } from './safe-watch/account-ended-hooks.ts'
import { type RunningSafeWatch, startSafeWatch } from './safe-watch/safe-watch.ts'
import { sweepWatchedSafes } from './safe-watch/watched-safes.ts'
import { openDatabase, type StoreDatabase } from './store/database.ts'
import { sweepExpiredOidcModels } from './store/oidc-adapter.ts'
import { deleteSession, sweepExpired } from './store/session-store.ts'

export type StartSignetOptions = {
  env: Record<string, string | undefined>
  log?: Logger
  /** The built web app; defaults to apps/web/dist. */
  webDist?: string
  /**
   * Whether this process opens the management listener (SIGNET_MANAGEMENT_PORT); default true. A
   * cluster's workers do not: their primary answers for all of them.
   */
  managementListener?: boolean
  /** Back-channel logout's polling and back-off (tests shorten them); defaults in logout-deliverer.ts. */
  logoutDelivery?: Partial<LogoutDeliveryTiming>
}

export type RunningSignet = {
  /** The public origin (SIGNET_ORIGIN or http://localhost:<port>). */
  url: string
  /** Where the server actually listens. */
  listenUrl: string
  config: SignetConfig & { origin: string }
  /** The local chain and its fixtures, when Signet started one. */
  demo?: {
    rpcUrl: string
    fixtures: DemoFixtures
    gatewayUrl?: string
    sandboxUrl?: string
    /** The example application signing in through Signet's OpenID Connect provider. */
    exampleAppUrl?: string
    /** The local WalletConnect relay (`ws://…`). */
    walletConnectRelayUrl?: string
  }
  /** The open database (nonces, sessions): for an operator's tooling and for tests that age records. */
  db: StoreDatabase
  /** The management listener (`/livez`, `/readyz`, `/metrics`), e.g. `http://127.0.0.1:8788`; none when off. */
  managementUrl?: string
  /** This process's metrics; undefined with SIGNET_METRICS=off. */
  metrics?: SignetMetrics
  /** What `/readyz` answers. */
  readiness(): Promise<ReadinessReport>
  /**
   * The graceful stop's first half: `/readyz` answers 503 at once, the public listener stops accepting
   * connections and closes idle ones; resolves when every request in flight has been answered. `stop()`
   * then closes the rest (and cuts any connection still open).
   */
  drain(): Promise<void>
  /** Requests of the public listener whose answer is not out yet. */
  inFlightRequests(): number
  /**
   * The OpenID Connect provider and its signing keys, when on: `keysLoaded()` for a readiness probe,
   * `refresh()` to pick up a key change at once instead of within seconds.
   */
  oidc?: KeyReloadingProvider
  /**
   * "This account ended because …": subscribe to hear when the Safe watcher ended an account's sessions,
   * grants and tokens (once per change among all processes on the database).
   */
  accountEnded: AccountEndedHooks
  /** The Safe watcher of this process (each chain's lease decides which process does the work). */
  safeWatch: RunningSafeWatch | undefined
  stop(): Promise<void>
}

const sweepIntervalMs = 60_000

/**
 * Starts Signet: reads the configuration, starts the local chain (and the local gateway) when no chain
 * RPC is configured, opens and migrates the database, and serves the API and the web app.
 * Everything it started is stopped by `stop()`.
 *
 * @example const signet = await startSignet({ env: process.env }); console.log(signet.url)
 */
export async function startSignet({
  env,
  log = createLogger(env),
  webDist = defaultWebDist,
  managementListener = true,
  logoutDelivery,
}: StartSignetOptions): Promise<RunningSignet> {
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error) => log.error({ err: error }, 'stop failed'))
  }
  try {
    let config = loadConfig(env)
    // First, so that /livez answers and /readyz says "starting" while the rest starts (a local chain, a
    // database migration); it is the last thing stopped.
    let readiness: ReadinessProbe | undefined
    let metrics: SignetMetrics | undefined
    const management =
      managementListener && config.management
        ? await startManagementServer(config.management, {
            readiness: async () => readiness?.report() ?? startingReadiness(),
            ...(config.metricsEnabled
              ? {
                  metrics: async () => {
                    const registry = metrics?.registry ?? processMetricsRegistry()
                    return { contentType: registry.contentType, text: await registry.metrics() }
                  },
                }
              : {}),
          })
        : undefined
    if (management) stops.push(() => management.stop())
    let demo: RunningSignet['demo']
    let demoChain: DemoChain | undefined
    if (config.startLocalChain) {
      demo = await startLocalFixtures(stops, log, (chain) => {
        demoChain = chain
      })
      config = withLocalChain(config, demo.rpcUrl)
    }
    const db = await openDatabase(config.database)
    stops.push(() => db.destroy())
    metrics = config.metricsEnabled ? createSignetMetrics(db) : undefined
    const chainHealth = new ChainHealth(config.chains.map((chain) => chain.id))
    const auditTrail = new AuditTrail(db, log)
    // Stopped before the database closes (stops run in reverse): the last events are written.
    stops.push(() => auditTrail.flush())
    const trustedProxies = trustedProxyList(config.rateLimit.trustedProxies)

    const clients = new Map<number, ChainClient>(
      config.chains.map((chain) => [
        chain.id,
        createChainClient({
          chainId: chain.id,
          rpcUrls: chain.rpcUrls,
          onRequest: chainHealth.observer(chain.id, metrics),
        }),
      ]),
    )
    stops.push(async () => closeRpcWebSockets())
    const gatewayUrl = config.gatewayUrl ?? demo?.gatewayUrl ?? hostedGatewayUrl

    const oidcCookieKeys = config.oidc.enabled ? await loadOidcCookieKeys(db) : undefined
    // Set once the provider has started (below); until then the keys are not loaded.
    let oidcKeysLoaded: (() => boolean) | undefined
    const probe = new ReadinessProbe({
      db,
      oidcKeys: () => (!oidcCookieKeys ? 'off' : oidcKeysLoaded?.() ? 'ok' : 'missing'),
      chains: chainHealth,
    })
    const drain = new HttpDrain()

    // The origin defaults to the port we actually get, so the app is built after listening.
    let handler: ((request: Request, env: HttpBindings) => Response | Promise<Response>) | undefined
    let nodeHandler: NodeHandler | undefined
    const server = await listen(
      (request, env) => handler?.(request, env) ?? startingResponse(),
      (req, res) => {
        drain.track(res)
        return nodeHandler?.(req, res) ?? false
      },
      config,
    )
    stops.push(() => closeServer(server))
    const port = (server.address() as { port: number }).port
    const origin = config.origin ?? `http://localhost:${port}`
    const resolved = { ...config, origin }
    // Demo: WalletConnect works offline, through the local relay, with a project id nobody else uses.
    if (demo) resolved.walletConnectProjectId ??= demoWalletConnectProjectId
    const walletConnectRelayUrl =
      config.walletConnectRelayUrl ?? demo?.walletConnectRelayUrl ?? publicWalletConnectRelayUrl
    if (demo && demoChain) {
      // Demo: the sandbox Safe{Wallet} host, on another site (127.0.0.1), may frame this origin.
      const { startDemoSandboxHost } = await import('@signet/sandbox/host/demo-sandbox-host')
      const sandbox = await startDemoSandboxHost({
        appUrl: `${origin}/`,
        chain: demoChain,
        gatewayUrl: demo.gatewayUrl,
        walletConnectRelayUrl,
      })
      stops.push(() => sandbox.stop())
      demo.sandboxUrl = sandbox.url
      // First: the Safe{Wallet} that frames Signet here is the sandbox, so the explorer redirect shows a
      // Safe transaction not executed yet on its page (app.safe.global cannot know the local chain).
      resolved.safeHosts = [sandbox.url, ...config.safeHosts]
    }
    let oidcClients = config.oidc.clients
    if (demo && oidcCookieKeys && oidcClients.length === 0) {
      // Demo: an example application signs in through Signet's provider, on a port of its own.
      const { startExampleApplication } = await import('@signet/sandbox/example-app/example-app')
      const example = await startExampleApplication({ issuer: () => `${origin}/oidc` })
      stops.push(() => example.stop())
      demo.exampleAppUrl = example.url
      oidcClients = [example.client]
    }

    // Logout tokens queued by this process go out at once; the deliverer exists once the provider does.
    let logoutDeliverer: LogoutDeliverer | undefined
    const wakeLogoutDeliverer = () => logoutDeliverer?.wake()
    const oidc = oidcCookieKeys
      ? await startKeyReloadingProvider({
          db,
          configuredJwks: config.oidc.jwks,
          log,
          build: (jwks) => {
            const provider = createOidcProvider({
              db,
              origin,
              clients: oidcClients,
              secrets: { jwks, cookieKeys: oidcCookieKeys },
              appName: config.appName,
              refreshTtlSeconds: Math.ceil(config.oidc.refreshTtlMs / 1000),
              deviceCodeTtlSeconds: Math.ceil(config.oidc.deviceCodeTtlMs / 1000),
              signetSession: {
                cookieName: sessionCookieName,
                revoke: (token) => deleteSession(db, token),
              },
              audit: { trail: auditTrail, trustedProxies },
              onLogoutQueued: wakeLogoutDeliverer,
            })
            // Every provider a key change builds counts into the same registry.
            countOidcTokens(provider, metrics)
            return provider
          },
        })
      : undefined
    if (oidc) {
      stops.push(async () => oidc.stop())
      oidcKeysLoaded = oidc.keysLoaded
    }
    const publicConfig = toPublicConfig(resolved, gatewayUrl, demo?.fixtures, walletConnectRelayUrl)
    const oidcRedirectUris = oidcClients.flatMap((client) => [
      ...client.redirect_uris,
      ...client.post_logout_redirect_uris,
    ])
    if (oidc) {
      nodeHandler = oidcRequestHandler(
        oidc.current,
        appContentSecurityPolicy({ publicConfig, safeHosts: resolved.safeHosts, oidcRedirectUris }),
        config.rateLimit.enabled
          ? {
              authorization: new RateLimiter(db, 'oidc-authorization', config.rateLimit.noncePerMinute, {
                onLimited: (route) => countRateLimited(metrics, route),
              }),
              token: new RateLimiter(db, 'oidc-token', config.rateLimit.verifyPerMinute, {
                onLimited: (route) => countRateLimited(metrics, route),
              }),
              clientKey: (req) => {
                const forwarded = req.headers['x-forwarded-for']
                return clientAddress(
                  req.socket.remoteAddress,
                  Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
                  trustedProxies,
                )
              },
            }
          : undefined,
      )
      log.info(
        {
          issuer: oidc.current().issuer,
          clients: oidcClients.length,
          keys: oidc.source,
          signingKid: oidc.signingKid(),
        },
        'OpenID Connect provider on',
      )
      const deliverer = new LogoutDeliverer({
        db,
        provider: oidc.current,
        log,
        auditTrail,
        retryForMs: config.oidc.logoutRetryForMs,
        ...(metrics ? { metrics } : {}),
        ...(logoutDelivery ? { timing: logoutDelivery } : {}),
      })
      deliverer.start()
      logoutDeliverer = deliverer
      // Before the database closes (stops run in reverse); waits for the tokens being sent.
      stops.push(() => deliverer.stop())
    }

    const app = createApp({
      db,
      domain: signInDomain(origin),
      origin,
      chainIds: config.chains.map((chain) => chain.id),
      clientFor: (chainId) => clients.get(chainId),
      sessionTtlMs: config.sessionTtlMs,
      nonceTtlMs: config.nonceTtlMs,
      pendingNonceTtlMs: config.pendingNonceTtlMs,
      publicConfig,
      safeHosts: resolved.safeHosts,
      rateLimit: config.rateLimit,
      webDist,
      log,
      ...(metrics ? { metrics } : {}),
      auditTrail,
      ...(oidc
        ? {
            oidcProvider: oidc.current,
            oidcRedirectUris,
            oidcGrantTtlSeconds: oidcGrantTtlSeconds(Math.ceil(config.oidc.refreshTtlMs / 1000)),
            endOidcSession: browserProviderLogout({
              db,
              provider: oidc.current,
              secure: origin.startsWith('https:'),
              onQueued: wakeLogoutDeliverer,
            }),
          }
        : {}),
    })
    handler = (request, env) => app.fetch(request, env)

    // The Safe watcher: the local chain in demo mode, else every configured chain (idle without Safes).
    const accountEnded = new AccountEndedHooks()
    let safeWatch: RunningSafeWatch | undefined
    if (config.safeWatch.enabled) {
      const watchedChains = config.startLocalChain
        ? resolved.chains.filter((chain) => chain.id === 31337)
        : resolved.chains
      const running = startSafeWatch({
        db,
        chains: watchedChains.flatMap((chain) => {
          const client = clients.get(chain.id)
          if (!client) return []
          const { intervalMs, leaseMs, blockRange } = config.safeWatch
          const confirmations = safeWatchConfirmations(config.safeWatch, chain.id)
          return [{ chainId: chain.id, client, settings: { intervalMs, leaseMs, blockRange, confirmations } }]
        }),
        hooks: accountEnded,
        audit: auditTrail,
        log,
      })
      safeWatch = running
      stops.push(() => running.stop())
    }

    const sweepAll = () => sweep(db, log, auditTrail, config.auditRetentionMs)
    await sweepAll()
    const sweeper = setInterval(() => void sweepAll(), sweepIntervalMs)
    sweeper.unref()
    stops.push(async () => clearInterval(sweeper))

    readiness = probe
    // First of the stops (they run in reverse): /readyz is 503 from the moment a stop begins.
    stops.push(async () => probe.markDraining())

    const listenHost = config.host.includes(':') ? `[${config.host}]` : config.host
    return {
      url: origin,
      listenUrl: `http://${listenHost}:${port}`,
      config: resolved,
      demo,
      db,
      ...(management ? { managementUrl: management.url } : {}),
      ...(metrics ? { metrics } : {}),
      readiness: () => probe.report(),
      drain: () => {
        probe.markDraining()
        // Our own createServer made it: node:http's Server (ServerType also covers HTTP/2).
        return drain.drain(server as Server)
      },
      inFlightRequests: () => drain.inFlight,
      ...(oidc ? { oidc } : {}),
      accountEnded,
      safeWatch,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

async function startLocalFixtures(
  stops: (() => Promise<void>)[],
  log: Logger,
  onChain: (chain: DemoChain) => void,
): Promise<NonNullable<RunningSignet['demo']>> {
  const { startDemoChain } = await importDemoTooling(() => import('@signet/devchain/demo'))
  const chain = await startDemoChain()
  stops.push(() => chain.stop())
  onChain(chain)
  log.info({ rpcUrl: chain.anvil.rpcUrl }, 'local chain started')
  const fixtures: DemoFixtures = {
    demoAccounts: chain.anvil.accounts.map(({ address, privateKey }) => ({ address, privateKey })),
    demoSafes: [chain.demoSafe, chain.singleOwnerSafe].map((safe) => ({
      address: safe.address,
      chainId: chain.anvil.chainId,
      owners: [...safe.owners],
      threshold: safe.threshold,
      version: safe.version,
    })),
  }
  // The local stand-in for the Safe Client Gateway, backed by the same chain (unless one is configured).
  const { startLocalGateway } = await import('@signet/sandbox/gateway/local-gateway')
  const gateway = await startLocalGateway({
    rpcUrl: chain.anvil.rpcUrl,
    chainId: chain.anvil.chainId,
    deployments: chain.deployments,
  })
  stops.push(() => gateway.stop())
  log.info({ gatewayUrl: gateway.url }, 'local gateway started')
  // The local WalletConnect relay: Signet's page and the sandbox Safe{Wallet} host meet there, offline.
  const { startLocalWalletConnectRelay } = await import('@signet/sandbox/walletconnect-relay/local-relay')
  const relay = await startLocalWalletConnectRelay()
  stops.push(() => relay.stop())
  log.info({ walletConnectRelayUrl: relay.url }, 'local WalletConnect relay started')
  return {
    rpcUrl: chain.anvil.rpcUrl,
    fixtures,
    gatewayUrl: gateway.url,
    walletConnectRelayUrl: relay.url,
  }
}

/** A Node-level handler in front of Hono; false: not its request. */
type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean

function listen(
  fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>,
  front: NodeHandler,
  config: SignetConfig,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    // The OpenID Connect provider reads the raw request itself, so it answers its routes before Hono.
    const createFrontServer = ((
      options: object,
      listener: (req: IncomingMessage, res: ServerResponse) => void,
    ) =>
      createServer(options, (req, res) => {
        if (!front(req, res)) listener(req, res)
      })) as typeof createServer
    const server = serve(
      {
        fetch: (request, env) => fetch(request, env as HttpBindings),
        port: config.port,
        hostname: config.host,
        createServer: createFrontServer,
      },
      () => resolve(server),
    )
    server.once('error', reject)
  })
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    // Keep-alive connections of browsers would hold close() open.
    ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
  })
}

async function sweep(db: StoreDatabase, log: Logger, auditTrail: AuditTrail, auditRetentionMs: number) {
  try {
    const now = Date.now()
    const { endedSessions, expiredHolds, ...expired } = await sweepExpired(db, now)
    await recordSweptRows(auditTrail, { endedSessions, expiredHolds }, now)
    const swept = {
      ...expired,
      oidc: await sweepExpiredOidcModels(db, now),
      rateLimits: await sweepRateLimits(db, now),
      auditEvents: await sweepAuditEvents(db, now - auditRetentionMs),
      watchedSafes: await sweepWatchedSafes(db, now),
    }
    if (Object.values(swept).some((count) => count > 0)) log.debug(swept, 'swept expired rows')
  } catch (error) {
    log.warn({ err: error }, 'sweep failed')
  }
}

/** The answer in the moment between listening and the app being ready (same error shape as the API). */
function startingResponse(): Response {
  return Response.json(errorBody('starting', 'Signet is starting; retry in a moment.'), {
    status: 503,
    headers: { 'Retry-After': '1' },
  })
}
