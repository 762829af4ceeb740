import { type ServerType, serve } from '@hono/node-server'
import pino, { type Logger } from 'pino'
import { type SignetConfig, hostedGatewayUrl, loadConfig, signInDomain, withLocalChain } from './config/config.ts'
import { type DemoFixtures, toPublicConfig } from './config/public-config.ts'
import { createChainClient, type ChainClient } from './chain/chain-client.ts'
import { createApp } from './http/app.ts'
import { defaultWebDist } from './http/web-app.ts'
import { openDatabase, type StoreDatabase } from './store/database.ts'
import { sweepExpired } from './store/session-store.ts'

export type StartSignetOptions = {
  env: Record<string, string | undefined>
  log?: Logger
  /** The built web app; defaults to apps/web/dist. */
  webDist?: string
}

export type RunningSignet = {
  /** The public origin (SIGNET_ORIGIN or http://localhost:<port>). */
  url: string
  /** Where the server actually listens. */
  listenUrl: string
  config: SignetConfig & { origin: string }
  /** The local chain and its fixtures, when Signet started one. */
  demo?: { rpcUrl: string; fixtures: DemoFixtures; gatewayUrl?: string; sandboxUrl?: string }
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
export async function startSignet({ env, log = createLogger(env), webDist = defaultWebDist }: StartSignetOptions): Promise<RunningSignet> {
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => log.error({ err: error }, 'stop failed'))
  }
  try {
    let config = loadConfig(env)
    let demo: RunningSignet['demo']
    if (config.startLocalChain) {
      demo = await startLocalFixtures(stops, log)
      config = withLocalChain(config, demo.rpcUrl)
    }
    const db = await openDatabase(config.database)
    stops.push(() => db.destroy())

    const clients = new Map<number, ChainClient>(
      config.chains.map((chain) => [chain.id, createChainClient({ chainId: chain.id, rpcUrls: chain.rpcUrls })]),
    )
    const gatewayUrl = config.gatewayUrl ?? demo?.gatewayUrl ?? hostedGatewayUrl

    // The origin defaults to the port we actually get, so the app is built after listening.
    let handler: ((request: Request) => Response | Promise<Response>) | undefined
    const server = await listen((request) => handler?.(request) ?? new Response('starting', { status: 503 }), config)
    stops.push(() => closeServer(server))
    const port = (server.address() as { port: number }).port
    const origin = config.origin ?? `http://localhost:${port}`
    const resolved = { ...config, origin }

    const app = createApp({
      db,
      domain: signInDomain(origin),
      origin,
      chainIds: config.chains.map((chain) => chain.id),
      clientFor: (chainId) => clients.get(chainId),
      sessionTtlMs: config.sessionTtlMs,
      nonceTtlMs: config.nonceTtlMs,
      publicConfig: toPublicConfig(resolved, gatewayUrl, demo?.fixtures),
      safeHosts: config.safeHosts,
      rateLimit: config.rateLimit,
      webDist,
      log,
    })
    handler = app.fetch

    await sweep(db, log)
    const sweeper = setInterval(() => void sweep(db, log), sweepIntervalMs)
    sweeper.unref()
    stops.push(async () => clearInterval(sweeper))

    const listenHost = config.host.includes(':') ? `[${config.host}]` : config.host
    return { url: origin, listenUrl: `http://${listenHost}:${port}`, config: resolved, demo, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}

async function startLocalFixtures(stops: (() => Promise<void>)[], log: Logger): Promise<NonNullable<RunningSignet['demo']>> {
  const { startDemoChain } = await import('@signet/devchain/demo')
  const chain = await startDemoChain()
  stops.push(() => chain.stop())
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
  return { rpcUrl: chain.anvil.rpcUrl, fixtures }
}

function listen(fetch: (request: Request) => Response | Promise<Response>, config: SignetConfig): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host }, () => resolve(server))
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

async function sweep(db: StoreDatabase, log: Logger) {
  try {
    const swept = await sweepExpired(db, Date.now())
    if (swept.nonces + swept.sessions > 0) log.debug(swept, 'swept expired rows')
  } catch (error) {
    log.warn({ err: error }, 'sweep failed')
  }
}

/** Structured logs; `LOG_LEVEL` sets the level (default info, silent under tests). */
export function createLogger(env: Record<string, string | undefined>): Logger {
  return pino({
    level: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info'),
    redact: { paths: ['req.headers.cookie', 'signature', 'nonce', 'message'], censor: '[redacted]' },
  })
}
