import cluster, { type Worker } from 'node:cluster'
import { ConfigError, loadConfig, type SignetConfig } from '../config/config.ts'
import {
  answerOperationsRequests,
  clusterMetrics,
  clusterReadiness,
  createPrimaryRegistry,
} from '../operations/cluster-operations.ts'
import {
  endAfterGraceRanOut,
  graceTimer,
  listenForShutdownSignals,
  type ShutdownSignals,
} from '../operations/draining.ts'
import { type ManagementServer, startManagementServer } from '../operations/management-server.ts'
import { managementBannerLine } from './startup-banner.ts'

/** What a worker tells the primary once it listens. */
type ListeningMessage = { type: 'signet-listening'; url: string }

/** A worker still running this long after its shutdown grace is killed. */
const stopMarginMs = 5_000
/** More unexpected worker deaths than this within `crashWindowMs`: the primary gives up. */
const maxCrashes = 5
const crashWindowMs = 60_000

/**
 * Checks, before any worker starts, that this configuration can run as several processes: the chains
 * configured (`SIGNET_RPC_*`) — the local chain and the demo fixtures of demo/dev mode belong to one
 * process — and a database the processes share.
 *
 * @throws {ConfigError} naming SIGNET_WORKERS, or the variable that is bad.
 */
function checkClusterConfig(env: Record<string, string | undefined>, workers: number): SignetConfig {
  const config = loadConfig(env)
  if (config.startLocalChain) {
    throw new ConfigError(
      'SIGNET_WORKERS',
      `${workers} workers need the chains configured with SIGNET_RPC_<chainId>: the local chain that Signet starts without them runs in one process (unset SIGNET_WORKERS or set it to 1)`,
    )
  }
  if (config.database.kind === 'sqlite' && config.database.path === ':memory:') {
    throw new ConfigError(
      'SIGNET_WORKERS',
      `${workers} workers need one database they share; DATABASE_URL=:memory: gives each process its own`,
    )
  }
  return config
}

/**
 * The primary of `signet serve` with SIGNET_WORKERS > 1: forks the workers (node:cluster; they share the
 * port, the primary hands connections out round-robin), prints the URL once all listen, restarts a worker
 * that dies, and on SIGINT/SIGTERM stops them all (each drains: it finishes its requests in flight within
 * SIGNET_SHUTDOWN_GRACE, then closes its server and database) before returning; a second signal kills them.
 * The first worker starts alone so that it alone migrates the database. The primary runs the management
 * listener for all of them (cluster-operations.ts): `/readyz` is 503 from the first signal on.
 *
 * @example process.exitCode = await serveCluster(process.env, 2)
 */
export async function serveCluster(
  env: Record<string, string | undefined>,
  workers: number,
  signals: ShutdownSignals = listenForShutdownSignals(),
): Promise<number> {
  const config = checkClusterConfig(env, workers)
  const running = new Set<Worker>()
  const listening = new Set<Worker>()
  let stopping = false
  const crashes: number[] = []
  let exitFailures = 0
  let received: NodeJS.Signals | undefined
  signals.onRepeat = (signal) => {
    // A second signal: no more waiting.
    for (const worker of running) worker.process.kill('SIGKILL')
    process.exit(signal === 'SIGINT' || received === 'SIGINT' ? 130 : 143)
  }
  let management: ManagementServer | undefined
  if (config.management) {
    const primaryRegistry = config.metricsEnabled ? createPrimaryRegistry(() => listening.size) : undefined
    management = await startManagementServer(config.management, {
      readiness: () => clusterReadiness([...listening], workers, stopping),
      ...(primaryRegistry ? { metrics: () => clusterMetrics(primaryRegistry, [...listening]) } : {}),
    })
  }

  const fork = () =>
    new Promise<{ url: string; pid: number }>((resolve, reject) => {
      const worker = cluster.fork(env)
      running.add(worker)
      let listened = false
      worker.on('message', (message: ListeningMessage) => {
        if (message?.type !== 'signet-listening') return
        listened = true
        listening.add(worker)
        resolve({ url: message.url, pid: worker.process.pid as number })
      })
      // A stopping worker closes its IPC channel before it exits: no more questions to it.
      worker.once('disconnect', () => listening.delete(worker))
      // Sending to a worker whose channel just closed is reported as an error event: not fatal here.
      worker.on('error', () => {})
      worker.once('exit', (code, signal) => {
        running.delete(worker)
        listening.delete(worker)
        if (code !== 0) exitFailures++
        if (!listened)
          return reject(
            new Error(`a Signet worker exited before it listened (${signal ?? `exit code ${code}`})`),
          )
        if (stopping) return
        const now = Date.now()
        crashes.push(now)
        while ((crashes[0] ?? now) < now - crashWindowMs) crashes.shift()
        process.stderr.write(
          `signet: worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another\n`,
        )
        if (crashes.length > maxCrashes) {
          process.stderr.write(`signet: ${crashes.length} workers died within a minute; stopping\n`)
          process.kill(process.pid, 'SIGTERM')
          return
        }
        fork()
          .then(({ pid }) => process.stderr.write(`signet: worker ${pid} took its place\n`))
          .catch((error: Error) => {
            // A replacement still starting when the primary stops is stopped too: not a failure.
            if (stopping) return
            process.stderr.write(`signet: ${error.message}; stopping\n`)
            process.kill(process.pid, 'SIGTERM')
          })
      })
    })

  const signal = signals.first.then((first) => {
    received = first
    stopping = true
    return first
  })
  let url: string
  try {
    url = await Promise.race([
      fork().then(async (first) => {
        await Promise.all(Array.from({ length: workers - 1 }, fork))
        return first.url
      }),
      signal.then((received) => {
        throw new Error(`stopped by ${received} while starting`)
      }),
    ])
  } catch (error) {
    stopping = true
    await stopWorkers(running, config.shutdownGraceMs + stopMarginMs)
    await management?.stop()
    throw error
  }
  process.stdout.write(`Signet is running at ${url} (Ctrl-C to stop)\n`)
  if (management) process.stdout.write(`${managementBannerLine(management.url)}\n`)
  process.stdout.write(`Workers: ${workers} processes sharing the port (SIGNET_WORKERS)\n`)

  const first = await signal
  process.stdout.write(`Stopping Signet (${first})…\n`)
  exitFailures = 0
  await stopWorkers(running, config.shutdownGraceMs + stopMarginMs)
  await management?.stop()
  // A worker whose grace ran out exits 1 (and says so on stderr).
  return exitFailures === 0 ? 0 : 1
}

/** SIGTERM to every worker (each drains and stops cleanly), SIGKILL to any still running after `killAfterMs`. */
async function stopWorkers(running: Set<Worker>, killAfterMs: number): Promise<void> {
  await Promise.all(
    [...running].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.process.exitCode !== null || worker.process.signalCode !== null) return resolve()
          const force = setTimeout(() => worker.process.kill('SIGKILL'), killAfterMs)
          worker.once('exit', () => {
            clearTimeout(force)
            resolve()
          })
          worker.process.kill('SIGTERM')
        }),
    ),
  )
}

/**
 * A worker of the cluster: starts Signet, tells the primary its URL, and stops cleanly on SIGTERM from
 * the primary or when the primary is gone (its IPC channel closes), so no worker outlives it. SIGINT is
 * left to the primary: Ctrl-C reaches every process of the terminal's group, and the primary then stops
 * the workers in order.
 */
export async function serveWorker(env: Record<string, string | undefined>): Promise<number> {
  process.on('SIGINT', () => {})
  const stopRequested = new Promise<void>((resolve) => {
    process.on('SIGTERM', () => resolve())
    process.once('disconnect', () => resolve())
  })
  const { startSignet } = await import('../serve.ts')
  const signet = await startSignet({ env, managementListener: false })
  const stopAnswering = answerOperationsRequests(signet)
  process.send?.({ type: 'signet-listening', url: signet.url } satisfies ListeningMessage)
  await stopRequested
  const grace = signet.config.shutdownGraceMs
  const drained = await Promise.race([signet.drain().then(() => 'drained' as const), graceTimer(grace)])
  stopAnswering()
  if (drained !== 'drained') return endAfterGraceRanOut(grace, signet.inFlightRequests(), signet.stop)
  await signet.stop()
  // The IPC channel would keep the process alive.
  if (process.connected) process.disconnect()
  return 0
}
