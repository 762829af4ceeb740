/**
 * Runs `task(0 … count-1)` with at most `concurrency` of them in flight; resolves when all are done.
 *
 * @example await inParallel(2000, 64, async (i) => signIn(i))
 */
export async function inParallel(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++)
    }),
  )
}

export type LatencySummary = {
  count: number
  p50: number
  p90: number
  p99: number
  max: number
  mean: number
}

/** Nearest-rank percentiles of latencies in ms. */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b)
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
  const sum = sorted.reduce((total, value) => total + value, 0)
  return {
    count: sorted.length,
    p50: rank(50),
    p90: rank(90),
    p99: rank(99),
    max: sorted.at(-1) ?? 0,
    mean: sorted.length === 0 ? 0 : sum / sorted.length,
  }
}

/** Counts of each HTTP status, e.g. `{ 200: 1998, 401: 2 }`. */
export function countStatuses(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}
