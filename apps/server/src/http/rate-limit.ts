import type { Context } from 'hono'
import { SignetError } from '../errors.ts'

/**
 * A fixed-window counter per key (client IP and route). Memory stays bounded: windows are dropped once
 * they end. Several processes each keep their own counters, so the effective limit scales with them —
 * acceptable for abuse control, which is all this is for.
 */
export class RateLimiter {
  readonly #limit: number
  readonly #windowMs: number
  readonly #windows = new Map<string, { count: number; resetAt: number }>()

  constructor(limit: number, windowMs = 60_000) {
    this.#limit = limit
    this.#windowMs = windowMs
  }

  /** Counts a hit; returns the seconds to wait when over the limit, else undefined. */
  hit(key: string, now = Date.now()): number | undefined {
    if (this.#windows.size > 10_000) this.#dropEnded(now)
    let window = this.#windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.#windowMs }
      this.#windows.set(key, window)
    }
    window.count += 1
    return window.count > this.#limit ? Math.ceil((window.resetAt - now) / 1000) : undefined
  }

  #dropEnded(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key)
  }
}

/**
 * Counts the request against `limiter` under `key`; over the limit, answers 429 `rate_limited` with
 * `Retry-After` (seconds). No limiter (rate limits off) lets everything through.
 */
export function enforceRateLimit(c: Context, limiter: RateLimiter | undefined, key: string): void {
  const retryAfter = limiter?.hit(key)
  if (retryAfter === undefined) return
  c.header('Retry-After', String(retryAfter))
  throw new SignetError('rate_limited', 429, `Too many requests; retry in ${retryAfter} s.`)
}
