export type BackoffSettings = { initialMs: number; factor: number; maxMs: number }

/**
 * Co-owners take minutes or hours: ask the gateway often at first, then less and less, never less often
 * than every `maxMs`. A new confirmation starts the schedule over (the others may be signing right now).
 */
export const confirmationBackoff: BackoffSettings = { initialMs: 2_000, factor: 1.5, maxMs: 30_000 }

/**
 * The pause before poll number `attempt` (0-based) of a back-off schedule.
 *
 * @example pollDelayMs(0) // 2000; pollDelayMs(3) // 6750; pollDelayMs(20) // 30000
 */
export function pollDelayMs(attempt: number, settings: BackoffSettings = confirmationBackoff): number {
  if (!Number.isInteger(attempt) || attempt < 0)
    throw new RangeError(`attempt must be a whole number ≥ 0, got ${attempt}`)
  return Math.min(settings.maxMs, Math.round(settings.initialMs * settings.factor ** attempt))
}

/** A running watch: `now()` looks at once and starts the schedule over; `stop()` ends it for good. */
export type Poller = { now(): void; stop(): void }

/**
 * Calls `look` at once, then again and again on a back-off schedule until stopped or until it answers `'stop'`; an
 * answer of `'moved'` (something changed: a new confirmation) starts the schedule over. Never two looks at
 * once; a look that throws is simply looked at again later.
 *
 * @example const poller = startPolling(async () => ((await lookOnce()) ? 'stop' : 'same'))
 */
export function startPolling(
  look: () => Promise<'stop' | 'moved' | 'same'>,
  settings: BackoffSettings = confirmationBackoff,
  /** `false`: the first look waits the first pause (the caller has just looked itself). */
  lookAtOnce = true,
): Poller {
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false
  let stopped = false
  const run = async (): Promise<void> => {
    if (stopped || running) return
    running = true
    clearTimeout(timer)
    let outcome: 'stop' | 'moved' | 'same' = 'same'
    try {
      outcome = await look()
    } catch {
      // A passing failure: the schedule goes on.
    } finally {
      running = false
    }
    if (stopped || outcome === 'stop') return
    if (outcome === 'moved') attempt = 0
    timer = setTimeout(() => void run(), pollDelayMs(attempt++, settings))
  }
  if (lookAtOnce) void run()
  else timer = setTimeout(() => void run(), pollDelayMs(attempt++, settings))
  return {
    now() {
      attempt = 0
      void run()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
