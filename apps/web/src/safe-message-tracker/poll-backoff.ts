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
