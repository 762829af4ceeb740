import { join, resolve } from 'node:path'
import { type Locale, supportedLocales } from '@signet/protocol/locales'
import {
  accentPresets,
  type PublicChain,
  type PublicConfig,
  radiusPresets,
  type SignetMode,
  themeModes,
  type WalletGroupConfig,
} from '@signet/protocol/public-config'
import { SchemaError } from '@signet/protocol/schema-error'
import { catalogWalletIds, type WalletDescriptor } from '@signet/protocol/wallet-descriptor'
import {
  type OidcClientConfig,
  type OidcSigningKey,
  readOidcClients,
  readOidcJwks,
} from '../oidc/oidc-config.ts'
import { customChain, defaultChains, localChain } from './default-chains.ts'
import { parseDuration } from './duration.ts'
import { readHost, readTrustedProxies } from './network-config.ts'
import { readWalletDescriptors } from './wallet-descriptors.ts'

/** A chain Signet accepts sign-ins on; the browser gets it as it is in the run-time config. */
export type ChainConfig = PublicChain
export type WalletGroup = WalletGroupConfig

export type SignetConfig = {
  mode: SignetMode
  port: number
  host: string
  /** Public origin; undefined until the server knows its port when `SIGNET_ORIGIN` is not set. */
  origin: string | undefined
  chains: ChainConfig[]
  /** `SIGNET_EXPLORER_<chainId>`: block explorers set by the operator, already applied to `chains`. */
  explorerUrls: Record<number, string>
  /** True when no `SIGNET_RPC_*` is set: the local chain must be started and added to `chains`. */
  startLocalChain: boolean
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }
  /** Undefined means: the hosted gateway, or the local one in demo mode. */
  gatewayUrl: string | undefined
  safeHosts: string[]
  walletConnectProjectId: string | undefined
  /** `SIGNET_WALLETCONNECT_RELAY_URL`; undefined means WalletConnect's public relay, or the local one in demo mode. */
  walletConnectRelayUrl: string | undefined
  appName: string
  sessionTtlMs: number
  nonceTtlMs: number
  /** Longest life of a nonce bound to a pending Safe sign-in. */
  pendingNonceTtlMs: number
  /** `SIGNET_AUDIT_RETENTION`: audit events older than this are swept. */
  auditRetentionMs: number
  rateLimit: {
    enabled: boolean
    noncePerMinute: number
    verifyPerMinute: number
    /** `POST /api/auth/pending` (pending Safe sign-ins). */
    pendingPerMinute: number
    /** `SIGNET_TRUST_PROXY`: proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. */
    trustedProxies: string[]
  }
  walletGroups: WalletGroup[]
  /** `SIGNET_LOCALE`: the language every visitor gets; undefined lets each browser choose. */
  locale: Locale | undefined
  /** `SIGNET_WALLETS`: the operator's own wallets, which `walletGroups` may name by id. */
  wallets: WalletDescriptor[]
  /** The OpenID Connect provider: on when clients are configured, and in demo mode. */
  oidc: {
    enabled: boolean
    clients: OidcClientConfig[]
    /** `SIGNET_OIDC_JWKS`; undefined: the keys kept in the database, managed by `signet keys`. */
    jwks: { keys: OidcSigningKey[] } | undefined
    /** `SIGNET_OIDC_REFRESH_TTL`: how long a refresh token (and its grant) lives without use. */
    refreshTtlMs: number
    /**
     * `SIGNET_OIDC_KEY_PROPAGATION`: how long a key made by `signet keys rotate` is only published before
     * it signs, so relying parties' JWKS caches hold it first.
     */
    keyPropagationMs: number
    /** `SIGNET_OIDC_LOGOUT_RETRY_FOR`: how long a logout token is retried before Signet gives up. */
    logoutRetryForMs: number
    /**
     * `SIGNET_OIDC_DEVICE_CODE_TTL`: how long a device's sign-in request (RFC 8628) waits for its user —
     * and the sign-in pages it opens, a Safe's co-owners included.
     */
    deviceCodeTtlMs: number
  }
  theme: PublicConfig['theme']
  /**
   * The management listener (`/livez`, `/readyz`, `/metrics`), apart from the public port:
   * `SIGNET_MANAGEMENT_PORT` (default PORT + 1; 0 when PORT is 0; `off`: none) and
   * `SIGNET_MANAGEMENT_HOST` (default HOST).
   */
  management: { port: number; host: string } | undefined
  /** `SIGNET_METRICS`: `on` (default) counts into the Prometheus registry; `off` counts nothing. */
  metricsEnabled: boolean
  /** `SIGNET_SHUTDOWN_GRACE`: how long a SIGTERM lets requests in flight finish (default 10 s). */
  shutdownGraceMs: number
  /** The watcher that ends a Safe's sessions when the Safe changes on chain (safe-watch/). */
  safeWatch: SafeWatchConfig
}

export type SafeWatchConfig = {
  /** `SIGNET_SAFE_WATCH`: `on` (default) or `off`. */
  enabled: boolean
  /** `SIGNET_SAFE_WATCH_INTERVAL`: how often each chain's head is read. */
  intervalMs: number
  /** `SIGNET_SAFE_WATCH_LEASE`: how long a process watches a chain without renewing its lease. */
  leaseMs: number
  /** `SIGNET_SAFE_WATCH_BLOCK_RANGE`: the most blocks one `eth_getLogs` spans. */
  blockRange: number
  /** `SIGNET_SAFE_WATCH_CONFIRMATIONS`: for every chain without its own; undefined: the defaults. */
  confirmations: number | undefined
  /** `SIGNET_SAFE_WATCH_CONFIRMATIONS_<chainId>`. */
  confirmationsByChain: Record<number, number>
}

/**
 * A bad environment variable. The message always names it, or the bad field inside it (`field`,
 * e.g. `SIGNET_WALLETS[0].downloadUrls.chrome`).
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
  readonly variable: string
  readonly field: string
  constructor(variable: string, problem: string, field = variable) {
    super(`${field}: ${problem}`)
    this.variable = variable
    this.field = field
  }
}

export const hostedGatewayUrl = 'https://safe-client.safe.global'
/**
 * Demo mode's WalletConnect project id: the local relay takes any, and this one is nobody's real
 * project (WalletConnect's cloud is never reached with it).
 */
export const demoWalletConnectProjectId = 'de30de30de30de30de30de30de30de30'
/** WalletConnect's own relay, which the kits use when given none. */
export const publicWalletConnectRelayUrl = 'wss://relay.walletconnect.org'
export const defaultSafeHost = 'https://app.safe.global'
export const defaultWalletGroups: WalletGroup[] = [
  { groupName: 'Recommended', wallets: ['metaMask', 'rainbow', 'coinbase', 'walletConnect'] },
  { groupName: 'Other', wallets: ['safe', 'ledger', 'trust', 'zerion', 'argent'] },
]

const rpcVariable = /^SIGNET_RPC_(.+)$/
const confirmationsVariable = /^SIGNET_SAFE_WATCH_CONFIRMATIONS_(.+)$/
/** Blocks a change must be under before the watcher acts, unless set: the local chain does not reorg. */
const defaultConfirmations = 3
/** The longest head-reading interval that still ends sessions within 30 s of the confirmed block. */
const longestSafeWatchIntervalMs = 25_000
const explorerVariable = /^SIGNET_EXPLORER_(.+)$/

/**
 * Reads and validates Signet's configuration from environment variables, once, at start.
 * Throws a {@link ConfigError} naming the first bad variable.
 *
 * @example const config = loadConfig(process.env)
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): SignetConfig {
  const port = readInteger(env, 'PORT', 8787, 0, 65_535)
  const host = readHost(env, (name, problem) => new ConfigError(name, problem))
  const rpcChains = readRpcChains(env)
  const startLocalChain = rpcChains.length === 0
  const mode = readChoice(
    env,
    'SIGNET_MODE',
    ['production', 'demo', 'dev'] as const,
    startLocalChain ? 'demo' : 'production',
  )

  const configuredChains = startLocalChain ? [...defaultChains] : mergeChains(rpcChains)
  // The local chain is only added once started, but it is configured all the same.
  const explorerUrls = readExplorers(env, [
    ...configuredChains.map((chain) => chain.id),
    ...(startLocalChain ? [31337] : []),
  ])
  const chains = configuredChains.map((chain) => withExplorer(chain, explorerUrls))

  const sessionTtlMs = readDuration(env, 'SIGNET_SESSION_TTL', '24h')
  const nonceTtlMs = readDuration(env, 'SIGNET_NONCE_TTL', '10m')
  const pendingNonceTtlMs = readDuration(env, 'SIGNET_PENDING_SIGN_IN_TTL', '7d')
  const auditRetentionMs = readDuration(env, 'SIGNET_AUDIT_RETENTION', '90d')
  const rateLimitText = readText(env, 'SIGNET_RATE_LIMIT') ?? 'on'
  if (rateLimitText !== 'on' && rateLimitText !== 'off') {
    throw new ConfigError('SIGNET_RATE_LIMIT', `expected "on" or "off", got ${JSON.stringify(rateLimitText)}`)
  }

  const metricsText = readText(env, 'SIGNET_METRICS') ?? 'on'
  if (metricsText !== 'on' && metricsText !== 'off') {
    throw new ConfigError('SIGNET_METRICS', `expected "on" or "off", got ${JSON.stringify(metricsText)}`)
  }

  const wallets = readWallets(env, cwd)
  const walletGroups = readWalletGroups(env, wallets)

  return {
    mode,
    port,
    host,
    origin: readOrigin(env),
    chains,
    explorerUrls,
    startLocalChain,
    database: readDatabase(env, cwd),
    gatewayUrl: readHttpUrl(env, 'SIGNET_GATEWAY_URL'),
    safeHosts: readOrigins(env, 'SIGNET_SAFE_HOSTS') ?? [defaultSafeHost],
    walletConnectProjectId: readText(env, 'SIGNET_WALLETCONNECT_PROJECT_ID'),
    walletConnectRelayUrl: readWebSocketUrl(env, 'SIGNET_WALLETCONNECT_RELAY_URL'),
    appName: readText(env, 'SIGNET_APP_NAME') ?? 'Signet',
    sessionTtlMs,
    nonceTtlMs,
    pendingNonceTtlMs,
    auditRetentionMs,
    rateLimit: {
      enabled: rateLimitText === 'on',
      noncePerMinute: readInteger(env, 'SIGNET_RATE_LIMIT_NONCE', 120, 1, 1_000_000),
      verifyPerMinute: readInteger(env, 'SIGNET_RATE_LIMIT_VERIFY', 60, 1, 1_000_000),
      pendingPerMinute: readInteger(env, 'SIGNET_RATE_LIMIT_PENDING', 30, 1, 1_000_000),
      trustedProxies: readTrustedProxies(env, (name, problem) => new ConfigError(name, problem)),
    },
    walletGroups,
    wallets,
    locale: readOptionalChoice(env, 'SIGNET_LOCALE', supportedLocales),
    oidc: readOidc(env, cwd, mode),
    theme: {
      accent: readChoice(env, 'SIGNET_THEME_ACCENT', accentPresets, 'blue'),
      radius: readChoice(env, 'SIGNET_THEME_RADIUS', radiusPresets, 'large'),
      mode: readChoice(env, 'SIGNET_THEME_MODE', themeModes, 'system'),
    },
    management: readManagement(env, port, host),
    metricsEnabled: metricsText === 'on',
    shutdownGraceMs: readDuration(env, 'SIGNET_SHUTDOWN_GRACE', '10s'),
    safeWatch: readSafeWatch(env, [
      ...configuredChains.map((chain) => chain.id),
      ...(startLocalChain ? [31337] : []),
    ]),
  }
}

/** The confirmations the Safe watcher waits for on a chain: its own setting, the common one, or the default. */
export function safeWatchConfirmations(safeWatch: SafeWatchConfig, chainId: number): number {
  return (
    safeWatch.confirmationsByChain[chainId] ??
    safeWatch.confirmations ??
    (chainId === 31337 ? 0 : defaultConfirmations)
  )
}

function readSafeWatch(env: Record<string, string | undefined>, chainIds: number[]): SafeWatchConfig {
  const switchText = readText(env, 'SIGNET_SAFE_WATCH') ?? 'on'
  if (switchText !== 'on' && switchText !== 'off')
    throw new ConfigError('SIGNET_SAFE_WATCH', `expected "on" or "off", got ${JSON.stringify(switchText)}`)
  const intervalMs = readDuration(env, 'SIGNET_SAFE_WATCH_INTERVAL', '5s')
  if (intervalMs < 100 || intervalMs > longestSafeWatchIntervalMs)
    throw new ConfigError(
      'SIGNET_SAFE_WATCH_INTERVAL',
      `expected 100ms to 25s (sessions must end within 30 s of a confirmed change), got ${readText(env, 'SIGNET_SAFE_WATCH_INTERVAL')}`,
    )
  const leaseMs = readDuration(env, 'SIGNET_SAFE_WATCH_LEASE', '15s')
  if (leaseMs < 1_000 || leaseMs > 600_000)
    throw new ConfigError(
      'SIGNET_SAFE_WATCH_LEASE',
      `expected 1s to 10m, got ${readText(env, 'SIGNET_SAFE_WATCH_LEASE')}`,
    )
  const confirmationsByChain: Record<number, number> = {}
  for (const name of Object.keys(env).sort()) {
    const match = confirmationsVariable.exec(name)
    if (!match) continue
    const idText = match[1] ?? ''
    if (!/^[1-9]\d{0,15}$/.test(idText))
      throw new ConfigError(
        name,
        'the chain id after SIGNET_SAFE_WATCH_CONFIRMATIONS_ must be a positive integer',
      )
    const id = Number(idText)
    if (!chainIds.includes(id))
      throw new ConfigError(
        name,
        `chain ${id} is not configured (enable it with SIGNET_RPC_${id}); configured: ${chainIds.join(', ')}`,
      )
    confirmationsByChain[id] = readInteger(env, name, 0, 0, 1_000)
  }
  const common = readText(env, 'SIGNET_SAFE_WATCH_CONFIRMATIONS')
  return {
    enabled: switchText === 'on',
    intervalMs,
    leaseMs,
    blockRange: readInteger(env, 'SIGNET_SAFE_WATCH_BLOCK_RANGE', 1_000, 1, 100_000),
    confirmations:
      common === undefined ? undefined : readInteger(env, 'SIGNET_SAFE_WATCH_CONFIRMATIONS', 0, 0, 1_000),
    confirmationsByChain,
  }
}

/** Adds the started local chain to the configured ones (demo and dev mode). */
export function withLocalChain(config: SignetConfig, rpcUrl: string): SignetConfig {
  const local = withExplorer(localChain([rpcUrl]), config.explorerUrls)
  return { ...config, chains: [...config.chains.filter((chain) => chain.id !== 31337), local] }
}

/** The SIWE domain: host[:port] of the public origin. */
export function signInDomain(origin: string): string {
  return new URL(origin).host
}

function readText(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

function readInteger(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  const text = readText(env, name)
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text)) throw new ConfigError(name, `expected a whole number, got ${JSON.stringify(text)}`)
  const value = Number(text)
  if (value < min || value > max) throw new ConfigError(name, `expected ${min}–${max}, got ${value}`)
  return value
}

function readChoice<const T extends readonly string[]>(
  env: Record<string, string | undefined>,
  name: string,
  choices: T,
  fallback: T[number],
): T[number] {
  return readOptionalChoice(env, name, choices) ?? fallback
}

function readOptionalChoice<const T extends readonly string[]>(
  env: Record<string, string | undefined>,
  name: string,
  choices: T,
): T[number] | undefined {
  const text = readText(env, name)
  if (text === undefined) return undefined
  if (!choices.includes(text))
    throw new ConfigError(name, `expected one of ${choices.join(', ')}, got ${JSON.stringify(text)}`)
  return text
}

function readDuration(
  env: Record<string, string | undefined>,
  name: string,
  fallback: string,
  options: { allowZero?: boolean } = {},
): number {
  const text = readText(env, name) ?? fallback
  if (options.allowZero && /^0+(ms|s|m|h|d)?$/.test(text)) return 0
  const ms = parseDuration(text)
  if (ms === undefined)
    throw new ConfigError(
      name,
      `expected a duration such as ${options.allowZero ? '0s, ' : ''}90s, 30m, 24h or 7d, got ${JSON.stringify(text)}`,
    )
  return ms
}

/**
 * `SIGNET_MANAGEMENT_PORT` / `SIGNET_MANAGEMENT_HOST`. The default port is PORT + 1, except with PORT=0
 * (any free port), where it is 0 too: processes started side by side on free ports must not collide.
 */
function readManagement(
  env: Record<string, string | undefined>,
  port: number,
  host: string,
): SignetConfig['management'] {
  const name = 'SIGNET_MANAGEMENT_PORT'
  const text = readText(env, name)
  if (text === 'off') return undefined
  let managementPort: number
  if (text === undefined) {
    if (port === 65_535)
      throw new ConfigError(name, 'PORT is 65535, so the default PORT + 1 does not exist: set it, or "off"')
    managementPort = port === 0 ? 0 : port + 1
  } else {
    if (!/^\d+$/.test(text))
      throw new ConfigError(name, `expected a port number (0–65535) or "off", got ${JSON.stringify(text)}`)
    managementPort = Number(text)
    if (managementPort > 65_535) throw new ConfigError(name, `expected 0–65535, got ${managementPort}`)
    if (managementPort !== 0 && managementPort === port)
      throw new ConfigError(
        name,
        `must differ from PORT (${port}): the probes and metrics need a port of their own`,
      )
  }
  const managementHost = readHost(
    env,
    (variable, problem) => new ConfigError(variable, problem),
    'SIGNET_MANAGEMENT_HOST',
    host,
  )
  return { port: managementPort, host: managementHost }
}

/** At most a day: a device code is a bearer secret of a request nobody may be watching any more. */
const maxDeviceCodeTtlMs = 24 * 3600 * 1000

function readDeviceCodeTtl(env: Record<string, string | undefined>): number {
  const ms = readDuration(env, 'SIGNET_OIDC_DEVICE_CODE_TTL', '15m')
  if (ms < 1000 || ms > maxDeviceCodeTtlMs)
    throw new ConfigError(
      'SIGNET_OIDC_DEVICE_CODE_TTL',
      `expected a duration from 1s to 24h, got ${JSON.stringify(readText(env, 'SIGNET_OIDC_DEVICE_CODE_TTL'))}`,
    )
  return ms
}

function readOrigin(env: Record<string, string | undefined>): string | undefined {
  const text = readText(env, 'SIGNET_ORIGIN')
  if (text === undefined) return undefined
  const url = parseUrl(text)
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.origin !== text.replace(/\/$/, '')
  ) {
    throw new ConfigError(
      'SIGNET_ORIGIN',
      `expected an origin such as https://signet.example.com, got ${JSON.stringify(text)}`,
    )
  }
  return url.origin
}

function readOrigins(env: Record<string, string | undefined>, name: string): string[] | undefined {
  const text = readText(env, name)
  if (text === undefined) return undefined
  return text.split(',').map((part) => {
    const url = parseUrl(part.trim())
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(
        name,
        `expected comma-separated http(s) origins, got ${JSON.stringify(part.trim())}`,
      )
    }
    return url.origin
  })
}

function readHttpUrl(env: Record<string, string | undefined>, name: string): string | undefined {
  const text = readText(env, name)
  if (text === undefined) return undefined
  const url = parseUrl(text)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(name, `expected an http(s) URL, got ${JSON.stringify(text)}`)
  }
  return text.replace(/\/+$/, '')
}

function readWebSocketUrl(env: Record<string, string | undefined>, name: string): string | undefined {
  const text = readText(env, name)
  if (text === undefined) return undefined
  const url = parseUrl(text)
  if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.hash) {
    throw new ConfigError(
      name,
      `expected a ws(s):// URL such as wss://relay.example.com, got ${JSON.stringify(text)}`,
    )
  }
  return text.replace(/\/+$/, '')
}

function readRpcChains(env: Record<string, string | undefined>): ChainConfig[] {
  const chains: ChainConfig[] = []
  for (const name of Object.keys(env).sort()) {
    const match = rpcVariable.exec(name)
    if (!match) continue
    const idText = match[1] ?? ''
    if (!/^[1-9]\d{0,15}$/.test(idText))
      throw new ConfigError(name, 'the chain id after SIGNET_RPC_ must be a positive integer')
    const text = readText(env, name)
    if (text === undefined) throw new ConfigError(name, 'expected one or more comma-separated RPC URLs')
    const rpcUrls = text.split(',').map((part) => {
      const url = parseUrl(part.trim())
      if (!url || !['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
        throw new ConfigError(name, `expected http(s) or ws(s) URLs, got ${JSON.stringify(part.trim())}`)
      }
      return part.trim()
    })
    const id = Number(idText)
    chains.push(id === 31337 ? localChain(rpcUrls) : customChain(id, rpcUrls))
  }
  return chains
}

/** `SIGNET_EXPLORER_<chainId>` of configured chains only: an explorer for no chain is a mistake. */
function readExplorers(env: Record<string, string | undefined>, chainIds: number[]): Record<number, string> {
  const explorers: Record<number, string> = {}
  for (const name of Object.keys(env).sort()) {
    const match = explorerVariable.exec(name)
    if (!match) continue
    const idText = match[1] ?? ''
    if (!/^[1-9]\d{0,15}$/.test(idText))
      throw new ConfigError(name, 'the chain id after SIGNET_EXPLORER_ must be a positive integer')
    const id = Number(idText)
    const text = readText(env, name)
    if (text === undefined) continue
    const url = parseUrl(text)
    // Links are made as `<url>/tx/<hash>`: a query or fragment would end up in the wrong place.
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
      throw new ConfigError(
        name,
        `expected an http(s) URL such as https://etherscan.io (no query or fragment), got ${JSON.stringify(text)}`,
      )
    }
    if (!chainIds.includes(id)) {
      throw new ConfigError(
        name,
        `chain ${id} is not configured (enable it with SIGNET_RPC_${id}); configured: ${chainIds.join(', ')}`,
      )
    }
    explorers[id] = text.replace(/\/+$/, '')
  }
  return explorers
}

function withExplorer(chain: ChainConfig, explorerUrls: Record<number, string>): ChainConfig {
  const explorer = explorerUrls[chain.id]
  return explorer === undefined ? chain : { ...chain, blockExplorerUrl: explorer }
}

/** The default chains with any RPC overrides, plus chains that only an RPC variable enables. */
function mergeChains(rpcChains: ChainConfig[]): ChainConfig[] {
  const merged = defaultChains.map((chain) => {
    const override = rpcChains.find((rpc) => rpc.id === chain.id)
    return override ? { ...chain, rpcUrls: override.rpcUrls } : chain
  })
  for (const chain of rpcChains) if (!merged.some((known) => known.id === chain.id)) merged.push(chain)
  return merged
}

function readDatabase(env: Record<string, string | undefined>, cwd: string): SignetConfig['database'] {
  const text = readText(env, 'DATABASE_URL')
  if (text === undefined) return { kind: 'sqlite', path: join(cwd, 'data', 'signet.sqlite') }
  if (/^postgres(ql)?:\/\//.test(text)) {
    if (!parseUrl(text)) throw new ConfigError('DATABASE_URL', 'not a valid postgres:// URL')
    return { kind: 'postgres', url: text }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new ConfigError(
      'DATABASE_URL',
      `expected a file path (SQLite) or postgres://…, got ${JSON.stringify(text)}`,
    )
  }
  return { kind: 'sqlite', path: text === ':memory:' ? text : resolve(cwd, text.replace(/^file:/, '')) }
}

/** A JSON setting's {@link SchemaError} as the {@link ConfigError} of its variable (the path's root). */
function asConfigError(error: unknown): unknown {
  if (!(error instanceof SchemaError)) return error
  return new ConfigError(error.field.split(/[.[]/)[0] ?? error.field, error.problem, error.field)
}

function readOidc(
  env: Record<string, string | undefined>,
  cwd: string,
  mode: SignetMode,
): SignetConfig['oidc'] {
  try {
    const clients = readOidcClients(env, cwd)
    return {
      enabled: clients.length > 0 || mode === 'demo',
      clients,
      jwks: readOidcJwks(env, cwd),
      refreshTtlMs: readDuration(env, 'SIGNET_OIDC_REFRESH_TTL', '30d'),
      keyPropagationMs: readDuration(env, 'SIGNET_OIDC_KEY_PROPAGATION', '10m', { allowZero: true }),
      logoutRetryForMs: readDuration(env, 'SIGNET_OIDC_LOGOUT_RETRY_FOR', '24h'),
      deviceCodeTtlMs: readDeviceCodeTtl(env),
    }
  } catch (error) {
    throw asConfigError(error)
  }
}

function readWallets(env: Record<string, string | undefined>, cwd: string): WalletDescriptor[] {
  try {
    return readWalletDescriptors(env, cwd)
  } catch (error) {
    throw asConfigError(error)
  }
}

/**
 * `Group:id,id;Group:id`, ids of the built-in catalog or of `SIGNET_WALLETS`. Unset: the default
 * groups, with the operator's own wallets first in "Recommended"; set, it must place each of them.
 */
function readWalletGroups(
  env: Record<string, string | undefined>,
  wallets: WalletDescriptor[],
): WalletGroup[] {
  const customIds = wallets.map((wallet) => wallet.id)
  const text = readText(env, 'SIGNET_WALLET_GROUPS')
  if (text === undefined) {
    if (customIds.length === 0) return defaultWalletGroups
    return defaultWalletGroups.map((group, index) =>
      index === 0 ? { ...group, wallets: [...customIds, ...group.wallets] } : group,
    )
  }
  const groups = text.split(';').map((part) => {
    const match = /^\s*([^:;]+?)\s*:\s*([A-Za-z0-9-]+(?:\s*,\s*[A-Za-z0-9-]+)*)\s*$/.exec(part)
    if (!match?.[1] || !match[2]) {
      throw new ConfigError(
        'SIGNET_WALLET_GROUPS',
        `expected "Group:walletId,walletId;…", got ${JSON.stringify(part)}`,
      )
    }
    return { groupName: match[1], wallets: match[2].split(',').map((id) => id.trim()) }
  })
  const named = groups.flatMap((group) => group.wallets)
  for (const id of named) {
    if (catalogWalletIds.includes(id) || customIds.includes(id)) continue
    const known = `${catalogWalletIds.join(', ')}${customIds.length > 0 ? `; from SIGNET_WALLETS: ${customIds.join(', ')}` : ''}`
    throw new ConfigError('SIGNET_WALLET_GROUPS', `unknown wallet id "${id}"; known ids: ${known}`)
  }
  for (const [index, id] of customIds.entries()) {
    if (!named.includes(id))
      throw new ConfigError(
        'SIGNET_WALLETS',
        `wallet "${id}" is in no group: name it in SIGNET_WALLET_GROUPS`,
        `SIGNET_WALLETS[${index}].id`,
      )
  }
  return groups
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
