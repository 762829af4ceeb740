import type { Context } from 'hono'
import { sql } from 'kysely'
import { SignetError } from '../errors.ts'
import type { StoreDatabase } from '../store/database.ts'

/**
 * A fixed-window counter per key (client address) kept in the database, so every process — with
 * `SIGNET_WORKERS`, or several machines on one Postgres — enforces one limit together. One statement
 * per hit: an upsert that starts a new window when the last one ended, or counts one more, and returns
 * the count; atomic on SQLite (one writer) and Postgres (the row lock). Ended windows are swept.
 */
export class RateLimiter {
  readonly #db: StoreDatabase
  readonly #name: string
  readonly #limit: number
  readonly #windowMs: number
  readonly #onLimited: ((name: string) => void) | undefined

  /**
   * `name` keeps each limit's counters apart (nonce, verify, …); `onLimited` is told of each hit over
   * the limit (the signet_rate_limited_total metric).
   */
  constructor(
    db: StoreDatabase,
    name: string,
    limit: number,
    options: { windowMs?: number; onLimited?: (name: string) => void } = {},
  ) {
    this.#db = db
    this.#name = name
    this.#limit = limit
    this.#windowMs = options.windowMs ?? 60_000
    this.#onLimited = options.onLimited
  }

  /** Counts a hit; resolves to the seconds to wait when over the limit, else undefined. */
  async hit(key: string, now = Date.now()): Promise<number | undefined> {
    const windowEnd = now + this.#windowMs
    const row = await this.#db
      .insertInto('rate_limits')
      .values({ key: `${this.#name}:${key}`, window_end: windowEnd, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_end <= ${now} then 1 else rate_limits.count + 1 end`,
          window_end: sql<number>`case when rate_limits.window_end <= ${now} then ${windowEnd} else rate_limits.window_end end`,
        }),
      )
      .returning(['count', 'window_end'])
      .executeTakeFirstOrThrow()
    if (Number(row.count) <= this.#limit) return undefined
    this.#onLimited?.(this.#name)
    return Math.max(1, Math.ceil((Number(row.window_end) - now) / 1000))
  }
}

/** Deletes the counters of ended windows (called with the store's other sweeps). */
export async function sweepRateLimits(db: StoreDatabase, now: number): Promise<number> {
  const deleted = await db.deleteFrom('rate_limits').where('window_end', '<=', now).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

/**
 * Counts the request against `limiter` under `key`; over the limit, answers 429 `rate_limited` with
 * `Retry-After` (seconds). No limiter (rate limits off) lets everything through.
 */
export async function enforceRateLimit(
  c: Context,
  limiter: RateLimiter | undefined,
  key: string,
): Promise<void> {
  const retryAfter = await limiter?.hit(key)
  if (retryAfter === undefined) return
  c.header('Retry-After', String(retryAfter))
  throw new SignetError('rate_limited', 429, `Too many requests; retry in ${retryAfter} s.`)
}
