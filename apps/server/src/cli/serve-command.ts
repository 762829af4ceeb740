import cluster from 'node:cluster'
import { ConfigError } from '../config/config.ts'
import { listenForShutdownSignals, type ShutdownSignals } from '../operations/draining.ts'
import { nativeSecp256k1Available } from '../verify/ecdsa-recover.ts'
import { exitCodes } from './usage.ts'
import { readWorkerCount } from './worker-count.ts'

/**
 * `signet serve` / `signet dev`: starts Signet and keeps it running until SIGINT or SIGTERM, then stops it
 * cleanly (server closed, local chain stopped, database closed). A second signal exits at once.
 * `dev` is `serve` with `SIGNET_MODE=dev` unless the environment sets another mode.
 * With `SIGNET_WORKERS` > 1 this process is the primary of that many worker processes (see serve-cluster.ts).
 * A bad environment variable is reported as `signet: NAME: problem` with exit code 2.
 */
export async function serveCommand(command: 'serve' | 'dev'): Promise<number> {
  const env =
    command === 'dev' ? { ...process.env, SIGNET_MODE: process.env.SIGNET_MODE || 'dev' } : process.env
  // Imported here so that `parse` and `verify` do not load the server, the database and the chain tooling.
  const { serveCluster, serveWorker } = await import('./serve-cluster.ts')
  if (cluster.isWorker) return serveWorker(env)
  // Before anything starts, and for good: a signal never meets the default disposition (ignored as PID 1).
  const signals = listenForShutdownSignals()
  try {
    if (!nativeSecp256k1Available()) {
      process.stderr.write(
        'signet: libsecp256k1 did not load; EOA signatures are verified in JavaScript (slower)\n',
      )
    }
    const workers = readWorkerCount(env)
    if (workers > 1) return await serveCluster(env, workers, signals)
    return await serveOne(env, signals)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`signet: ${error.message}\n`)
    return exitCodes.usage
  }
}

/**
 * One process. The first SIGINT/SIGTERM drains it (operations/draining.ts): `/readyz` 503, no new
 * connections, the requests in flight finish within SIGNET_SHUTDOWN_GRACE; then everything is closed and
 * the exit code is 0 — 1 when the grace ran out first. A second signal exits at once (130/143).
 */
async function serveOne(env: Record<string, string | undefined>, signals: ShutdownSignals): Promise<number> {
  const { graceTimer, endAfterGraceRanOut } = await import('../operations/draining.ts')
  const { startSignet } = await import('../serve.ts')
  const signet = await startSignet({ env })
  const { startupBanner } = await import('./startup-banner.ts')
  process.stdout.write(startupBanner(signet))
  const signal = await signals.first
  process.stdout.write(`Stopping Signet (${signal})…\n`)
  const grace = signet.config.shutdownGraceMs
  const drained = await Promise.race([signet.drain().then(() => 'drained' as const), graceTimer(grace)])
  if (drained !== 'drained') return endAfterGraceRanOut(grace, signet.inFlightRequests(), signet.stop)
  await signet.stop()
  return 0
}
