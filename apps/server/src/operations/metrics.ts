import type Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { SignetError } from '../errors.ts'
import type { StoreDatabase } from '../store/database.ts'
import { isRpcUnavailable } from '../verify/rpc-failure.ts'
import { withTimeout } from './timeout.ts'

/**
 * One Signet's Prometheus metrics, in a registry of its own (never prom-client's global one: tests run
 * several Signets in one process, and a cluster's primary aggregates its workers' registries).
 */
export type SignetMetrics = {
  registry: Registry
  signIns: Counter<'result' | 'account_type' | 'code'>
  signInDuration: Histogram<'account_type'>
  rpcRequests: Counter<'chain_id' | 'result'>
  oidcTokensIssued: Counter<'client_id' | 'grant_type'>
  oidcLogoutDeliveries: Counter<'result'>
  rateLimited: Counter<'route'>
}

/** How long the scrape waits for the live-session count before it reports the last one. */
const sessionCountTimeoutMs = 2_000

let processMetrics: Registry | undefined

/**
 * Node's process metrics (prom-client's defaults: CPU, memory, event-loop lag, GC), collected once per
 * process however many Signets it runs: each collection adds its own GC observer and event-loop monitor.
 */
export function processMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics })
  }
  return processMetrics
}

/**
 * The registry of a Signet process: its counters, the live-session gauge (counted in the database at
 * scrape time) and Node's process metrics.
 *
 * @example const metrics = createSignetMetrics(db); await metrics.registry.metrics()
 */
export function createSignetMetrics(db: StoreDatabase): SignetMetrics {
  const own = new Registry()
  new Gauge({
    name: 'signet_sessions_active',
    help: 'Signet sessions not expired nor logged out (counted in the shared database at scrape time).',
    registers: [own],
    // Every worker of a cluster counts the same shared table: the primary reports one count, not a sum.
    aggregator: 'first',
    async collect() {
      // A database that does not answer keeps the last count; /readyz reports the database itself.
      const count = await withTimeout(countLiveSessions(db), sessionCountTimeoutMs).catch(() => undefined)
      if (count !== undefined) this.set(count)
    },
  })
  const metrics = {
    signIns: new Counter({
      name: 'signet_sign_ins_total',
      help: 'Sign-ins by result: success, refused (the proof was rejected: code says why) or failed (Signet could not decide: rpc_unavailable, internal_error).',
      labelNames: ['result', 'account_type', 'code'],
      registers: [own],
    }),
    signInDuration: new Histogram({
      name: 'signet_sign_in_duration_seconds',
      help: 'Time to verify a signed sign-in message and open its session, whatever the result.',
      labelNames: ['account_type'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [own],
    }),
    rpcRequests: new Counter({
      name: 'signet_rpc_requests_total',
      help: "JSON-RPC requests to the chains' RPC URLs: success, error (the node answered with a JSON-RPC error, e.g. a revert) or unavailable (network, timeout, HTTP error, rate limit).",
      labelNames: ['chain_id', 'result'],
      registers: [own],
    }),
    oidcTokensIssued: new Counter({
      name: 'signet_oidc_tokens_issued_total',
      help: "Successful answers of the OpenID Connect provider's token endpoint.",
      labelNames: ['client_id', 'grant_type'],
      registers: [own],
    }),
    oidcLogoutDeliveries: new Counter({
      name: 'signet_oidc_logout_deliveries_total',
      help: 'Back-channel logout tokens: delivered (the application answered 200/204), retried (an attempt failed; tried again later) or failed (given up after SIGNET_OIDC_LOGOUT_RETRY_FOR).',
      labelNames: ['result'],
      registers: [own],
    }),
    rateLimited: new Counter({
      name: 'signet_rate_limited_total',
      help: 'Requests answered 429 by a rate limit, by limit (nonce, verify, pending, explorer, csp-report, oidc-authorization, oidc-token).',
      labelNames: ['route'],
      registers: [own],
    }),
  }
  // The same metric objects beside the process's, once all are registered: what a scrape reads.
  return { ...metrics, registry: Registry.merge([processMetricsRegistry(), own]) }
}

async function countLiveSessions(db: StoreDatabase): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('expires_at', '>', Date.now())
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * Runs a sign-in and counts its result and duration. `refused` when it ended in a client's error (4xx:
 * the code says which rule, nonce or signature), `failed` otherwise (rpc_unavailable, internal_error).
 * The account type is what the signature proved; a sign-in that did not get that far is `unknown`.
 */
export async function observeSignIn<T extends { session: { accountType: string } }>(
  metrics: SignetMetrics | undefined,
  signIn: () => Promise<T>,
): Promise<T> {
  if (!metrics) return signIn()
  const started = performance.now()
  try {
    const signedIn = await signIn()
    const accountType = signedIn.session.accountType
    metrics.signIns.inc({ result: 'success', account_type: accountType })
    metrics.signInDuration.observe({ account_type: accountType }, (performance.now() - started) / 1000)
    return signedIn
  } catch (error) {
    const known = error instanceof SignetError
    metrics.signIns.inc({
      result: known && error.status < 500 ? 'refused' : 'failed',
      account_type: 'unknown',
      code: known ? error.code : 'internal_error',
    })
    metrics.signInDuration.observe({ account_type: 'unknown' }, (performance.now() - started) / 1000)
    throw error
  }
}

/** Counts a request a rate limit refused (429); `route` is the limit's name. */
export function countRateLimited(metrics: SignetMetrics | undefined, route: string): void {
  metrics?.rateLimited.inc({ route })
}

/** The outcome of one JSON-RPC request, as signet_rpc_requests_total labels it. */
export type RpcResult = 'success' | 'error' | 'unavailable'

/** What a failed RPC request was: the node's own JSON-RPC error, or no answer at all. */
export function rpcFailureResult(error: unknown): RpcResult {
  return isRpcUnavailable(error) ? 'unavailable' : 'error'
}

/** Counts one JSON-RPC request to a chain. */
export function countRpcRequest(metrics: SignetMetrics | undefined, chainId: number, result: RpcResult) {
  metrics?.rpcRequests.inc({ chain_id: String(chainId), result })
}

/** What became of one attempt to deliver a back-channel logout token, as signet_oidc_logout_deliveries_total labels it. */
export type LogoutDeliveryResult = 'delivered' | 'retried' | 'failed'

/** Counts one back-channel logout attempt's outcome. */
export function countLogoutDelivery(metrics: SignetMetrics | undefined, result: LogoutDeliveryResult): void {
  metrics?.oidcLogoutDeliveries.inc({ result })
}

/** Counts the provider's successful token answers (its `grant.success` event), by client and grant type. */
export function countOidcTokens(provider: Provider, metrics: SignetMetrics | undefined): void {
  if (!metrics) return
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    metrics.oidcTokensIssued.inc({
      client_id: ctx.oidc.client?.clientId ?? 'unknown',
      grant_type: String(ctx.oidc.params?.grant_type ?? 'unknown'),
    })
  })
}
