import { availableParallelism } from 'node:os'
import { ConfigError } from '../config/config.ts'

const maxWorkers = 256

/**
 * `SIGNET_WORKERS`: how many processes `signet serve` runs, sharing its port through node:cluster.
 * Unset or empty → 1 (no cluster); `auto` → one per CPU core; else a whole number 1–256.
 *
 * @throws {ConfigError} naming SIGNET_WORKERS for any other value.
 * @example readWorkerCount({ SIGNET_WORKERS: 'auto' }) // 2 on a two-core machine
 */
export function readWorkerCount(
  env: Record<string, string | undefined>,
  cores = availableParallelism(),
): number {
  const text = env.SIGNET_WORKERS?.trim()
  if (text === undefined || text === '') return 1
  if (text === 'auto') return cores
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!(count >= 1 && count <= maxWorkers)) {
    throw new ConfigError(
      'SIGNET_WORKERS',
      `expected "auto" or a whole number from 1 to ${maxWorkers}, got ${JSON.stringify(text)}`,
    )
  }
  return count
}
