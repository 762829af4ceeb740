import type Provider from 'oidc-provider'
import type { Logger } from 'pino'
import type { AuditTrail } from '../audit/audit-trail.ts'
import { countLogoutDelivery, type SignetMetrics } from '../operations/metrics.ts'
import type { StoreDatabase } from '../store/database.ts'
import {
  claimDueDeliveries,
  type LogoutDelivery,
  rescheduleDelivery,
  settleDelivery,
} from './logout-deliveries.ts'
import { type ProviderClient, signLogoutToken } from './logout-token.ts'

/** How often and how patiently logout tokens are sent. Defaults in `defaultLogoutDeliveryTiming`. */
export type LogoutDeliveryTiming = {
  /** How often the queue is looked at (rows another process or the CLI queued); local ones go at once. */
  pollMs: number
  /** The wait after the first failed attempt; it doubles after each further failure… */
  firstRetryMs: number
  /** …up to this. */
  maxRetryMs: number
  /** How long one POST may take. */
  timeoutMs: number
  /** How long a claimed row is this process's: past it, a crashed process's rows are taken again. */
  leaseMs: number
  /** Rows claimed (and sent in parallel) at once. */
  batchSize: number
}

export const defaultLogoutDeliveryTiming: LogoutDeliveryTiming = {
  pollMs: 5_000,
  firstRetryMs: 5_000,
  maxRetryMs: 10 * 60_000,
  timeoutMs: 10_000,
  leaseMs: 60_000,
  batchSize: 20,
}

export type LogoutDelivererOptions = {
  db: StoreDatabase
  /** The provider that signs: called at each delivery, so a reloaded provider (new keys) is used. */
  provider: () => Provider
  log: Logger
  /** Where deliveries and give-ups are recorded (`oidc.logout_delivered`, `oidc.logout_failed`). */
  auditTrail?: AuditTrail
  /** `SIGNET_OIDC_LOGOUT_RETRY_FOR`: how long after it was queued a token is still tried. */
  retryForMs: number
  /** Where each attempt's outcome is counted (`signet_oidc_logout_deliveries_total`); none: not counted. */
  metrics?: SignetMetrics
  timing?: Partial<LogoutDeliveryTiming>
  now?: () => number
}

/** What one attempt came to. */
type Outcome =
  | { result: 'delivered' }
  | { result: 'failed'; error: string }
  /** The client is gone or has no `backchannel_logout_uri`: nothing is owed. */
  | { result: 'not_registered' }

/**
 * Sends the queued logout tokens (logout-deliveries.ts), in every `signet serve` process: claims due
 * rows, POSTs each token as `application/x-www-form-urlencoded` `logout_token=…` (200 or 204 is
 * delivered; a redirect, another status, a network error or the timeout is a failure), and after a
 * failure tries again after 5 s, 10 s, 20 s … up to 10 min between attempts, until the row is
 * `retryForMs` old: then it gives up, with a warning line and an `oidc.logout_failed` audit event.
 *
 * @example const deliverer = new LogoutDeliverer({ db, provider: () => provider, log, retryForMs }); deliverer.start()
 */
export class LogoutDeliverer {
  readonly #options: LogoutDelivererOptions
  readonly #timing: LogoutDeliveryTiming
  readonly #now: () => number
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #again = false
  #stopped = true

  constructor(options: LogoutDelivererOptions) {
    this.#options = options
    this.#timing = { ...defaultLogoutDeliveryTiming, ...options.timing }
    if (this.#timing.leaseMs < 2 * this.#timing.timeoutMs)
      throw new Error('the claim lease must be at least twice the request timeout')
    this.#now = options.now ?? Date.now
  }

  start(): void {
    this.#stopped = false
    this.wake()
  }

  /** Looks at the queue now (a logout of this process queued tokens). */
  wake(): void {
    if (this.#stopped) return
    if (this.#running) {
      this.#again = true
      return
    }
    this.#schedule(0)
  }

  /** Stops looking at the queue; waits for the tokens being sent (each bounded by the timeout). */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
  }

  /** Claims and sends what is due, until nothing is; resolves to the number of rows handled. */
  async deliverDue(): Promise<number> {
    let handled = 0
    for (;;) {
      const { claim, deliveries } = await claimDueDeliveries(this.#options.db, {
        now: this.#now(),
        leaseMs: this.#timing.leaseMs,
        limit: this.#timing.batchSize,
      })
      await Promise.all(deliveries.map((delivery) => this.#deliver(delivery, claim)))
      handled += deliveries.length
      // Until a claim finds nothing: under contention a claim may come back short with rows still due.
      if (deliveries.length === 0 || this.#stopped) return handled
    }
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.#run(), delayMs)
    this.#timer.unref()
  }

  #run(): void {
    if (this.#stopped || this.#running) return
    this.#again = false
    this.#running = this.deliverDue()
      .then(
        () => undefined,
        (error: unknown) => this.#options.log.warn({ err: error }, 'logout deliveries: queue not read'),
      )
      .finally(() => {
        this.#running = undefined
        if (!this.#stopped) this.#schedule(this.#again ? 0 : this.#timing.pollMs)
      })
  }

  async #deliver(delivery: LogoutDelivery, claim: string): Promise<void> {
    const { db, log } = this.#options
    let outcome: Outcome
    try {
      outcome = await this.#attempt(delivery)
    } catch (error) {
      outcome = { result: 'failed', error: error instanceof Error ? error.message : String(error) }
    }
    const fields = {
      clientId: delivery.clientId,
      sub: delivery.sub,
      reason: delivery.reason,
      attempts: delivery.attempts + 1,
    }
    if (outcome.result === 'not_registered') {
      await settleDelivery(db, delivery, claim)
      log.debug(fields, 'logout token not sent: the client has no backchannel_logout_uri')
      return
    }
    if (outcome.result === 'delivered') {
      if (!(await settleDelivery(db, delivery, claim))) return
      countLogoutDelivery(this.#options.metrics, 'delivered')
      log.info(fields, 'logout token delivered')
      await this.#options.auditTrail?.record({
        type: 'oidc.logout_delivered',
        account: delivery.sub,
        clientId: delivery.clientId,
        details: { reason: delivery.reason, attempts: fields.attempts, sid: delivery.sid !== undefined },
      })
      return
    }
    const now = this.#now()
    const deadline = delivery.createdAt + this.#options.retryForMs
    if (now >= deadline) {
      if (!(await settleDelivery(db, delivery, claim))) return
      countLogoutDelivery(this.#options.metrics, 'failed')
      log.warn(
        { ...fields, error: outcome.error, queuedAt: new Date(delivery.createdAt).toISOString() },
        'logout token given up: the application never took it',
      )
      await this.#options.auditTrail?.record({
        type: 'oidc.logout_failed',
        account: delivery.sub,
        clientId: delivery.clientId,
        details: { reason: delivery.reason, attempts: fields.attempts, error: outcome.error },
      })
      return
    }
    const wait = Math.min(this.#timing.firstRetryMs * 2 ** delivery.attempts, this.#timing.maxRetryMs)
    const at = Math.min(now + wait, deadline)
    // Not counted when the claim ran out meanwhile: the process that took the row counts its own attempt.
    if (await rescheduleDelivery(db, delivery, claim, { at, error: outcome.error }))
      countLogoutDelivery(this.#options.metrics, 'retried')
    log.info(
      { ...fields, error: outcome.error, retryAt: new Date(at).toISOString() },
      'logout token not delivered; will retry',
    )
  }

  async #attempt(delivery: LogoutDelivery): Promise<Outcome> {
    const provider = this.#options.provider()
    const client: ProviderClient | undefined = await provider.Client.find(delivery.clientId)
    const uri = client?.backchannelLogoutUri
    if (!client || !uri) return { result: 'not_registered' }
    const token = await signLogoutToken(provider, client, delivery)
    let response: Response
    try {
      response = await fetch(uri, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }),
        signal: AbortSignal.timeout(this.#timing.timeoutMs),
      })
    } catch (error) {
      return { result: 'failed', error: fetchErrorText(error, this.#timing.timeoutMs) }
    }
    // The body is not read; releasing it frees the connection.
    await response.body?.cancel().catch(() => {})
    if (response.status === 200 || response.status === 204) return { result: 'delivered' }
    return { result: 'failed', error: `HTTP ${response.status}` }
  }
}

function fetchErrorText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs} ms`
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}
