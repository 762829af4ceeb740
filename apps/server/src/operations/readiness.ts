import { pendingMigrations, pingDatabase, type StoreDatabase } from '../store/database.ts'
import type { ChainHealth, ChainRpcStatus } from './chain-health.ts'
import { withTimeout } from './timeout.ts'

/**
 * `/readyz`'s answer. Each check is `ok` when it passes, else a word saying what is wrong:
 * database `down` | `timeout`; migrations `pending: <names>` | `unknown` (the database did not say);
 * oidc_keys `missing` (`off`: no provider, which passes); serving `starting` | `draining` (the process is
 * not up yet, or stopping; `unknown` for the rest while it starts). Chains are reported, never a reason
 * to be unready.
 */
export type ReadinessReport = {
  status: 'ready' | 'unready'
  checks: {
    database: 'ok' | 'down' | 'timeout' | 'unknown'
    migrations: 'ok' | 'unknown' | `pending: ${string}`
    oidc_keys: 'ok' | 'off' | 'missing' | 'unknown'
    serving: 'ok' | 'starting' | 'draining'
  }
  chains?: Record<string, ChainRpcStatus>
}

/** What `/readyz` answers before the process is up (the management listener opens first). */
export function startingReadiness(): ReadinessReport {
  return {
    status: 'unready',
    checks: { database: 'unknown', migrations: 'unknown', oidc_keys: 'unknown', serving: 'starting' },
  }
}

export type ReadinessProbeOptions = {
  db: StoreDatabase
  /** The OpenID Connect provider's signing keys: `off` when the provider is off. */
  oidcKeys: () => 'ok' | 'off' | 'missing'
  chains?: ChainHealth
  /** How long the database may take to answer a probe (default 2 s). */
  databaseTimeoutMs?: number
}

type DatabaseState = Pick<ReadinessReport['checks'], 'database' | 'migrations'>

/**
 * Whether this process should get traffic. The database is asked at most once at a time: probes that
 * come while a check is running share it, so a hanging database never piles up queries (a check older
 * than 5 timeouts is given up and a new one starts, in case its connection hangs for good).
 *
 * @example const probe = new ReadinessProbe({ db, oidcKeys: () => 'off' }); (await probe.report()).status
 */
export class ReadinessProbe {
  readonly #options: ReadinessProbeOptions
  readonly #timeoutMs: number
  #draining = false
  #check: { promise: Promise<DatabaseState>; startedAt: number } | undefined

  constructor(options: ReadinessProbeOptions) {
    this.#options = options
    this.#timeoutMs = options.databaseTimeoutMs ?? 2_000
  }

  /** From now on the process is unready: it is stopping. */
  markDraining(): void {
    this.#draining = true
  }

  async report(): Promise<ReadinessReport> {
    const database = await withTimeout(this.#databaseState(), this.#timeoutMs).catch(
      (): DatabaseState => ({ database: 'timeout', migrations: 'unknown' }),
    )
    const checks: ReadinessReport['checks'] = {
      ...database,
      oidc_keys: this.#options.oidcKeys(),
      serving: this.#draining ? 'draining' : 'ok',
    }
    const ready = Object.values(checks).every((value) => value === 'ok' || value === 'off')
    return {
      status: ready ? 'ready' : 'unready',
      checks,
      ...(this.#options.chains ? { chains: this.#options.chains.report() } : {}),
    }
  }

  #databaseState(): Promise<DatabaseState> {
    const now = Date.now()
    if (!this.#check || now - this.#check.startedAt > 5 * this.#timeoutMs) {
      const check = { promise: checkDatabase(this.#options.db), startedAt: now }
      this.#check = check
      void check.promise.finally(() => {
        if (this.#check === check) this.#check = undefined
      })
    }
    return this.#check.promise
  }
}

async function checkDatabase(db: StoreDatabase): Promise<DatabaseState> {
  if (!(await pingDatabase(db))) return { database: 'down', migrations: 'unknown' }
  try {
    const pending = await pendingMigrations(db)
    return { database: 'ok', migrations: pending.length === 0 ? 'ok' : `pending: ${pending.join(', ')}` }
  } catch {
    return { database: 'ok', migrations: 'unknown' }
  }
}
