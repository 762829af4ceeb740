import type { Worker } from 'node:cluster'
import {
  AggregatorRegistry,
  Gauge,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client'
import { processMetricsRegistry, type SignetMetrics } from './metrics.ts'
import type { ReadinessReport } from './readiness.ts'
import { OperationsTimeoutError } from './timeout.ts'

// With SIGNET_WORKERS > 1 the primary runs the management listener and answers for every worker,
// asking each over the cluster's IPC channel: its readiness report, its metrics (as prom-client's JSON,
// aggregated here by each metric's aggregator: counters and histograms summed, gauges such as
// signet_sessions_active taken from the first worker).

type OperationsQuestion = 'readiness' | 'metrics'
type OperationsRequest = { type: 'signet-operations-request'; id: number; question: OperationsQuestion }
type OperationsReply = {
  type: 'signet-operations-reply'
  id: number
  readiness?: ReadinessReport
  metrics?: MetricObjectWithValues<MetricValue<string>>[]
  error?: string
}

/** How long the primary waits for a worker's readiness, and for its metrics. */
const workerReadinessTimeoutMs = 1_000
const workerMetricsTimeoutMs = 3_000

/**
 * In a worker: answers the primary's questions about this worker's Signet. Returns the function that
 * stops answering.
 */
export function answerOperationsRequests(signet: {
  readiness(): Promise<ReadinessReport>
  metrics?: SignetMetrics | undefined
}): () => void {
  const onMessage = async (message: OperationsRequest) => {
    if (message?.type !== 'signet-operations-request') return
    const reply: OperationsReply = { type: 'signet-operations-reply', id: message.id }
    try {
      if (message.question === 'readiness') reply.readiness = await signet.readiness()
      else reply.metrics = await (signet.metrics?.registry.getMetricsAsJSON() ?? [])
    } catch (error) {
      reply.error = String(error)
    }
    if (process.connected) process.send?.(reply)
  }
  process.on('message', onMessage)
  return () => process.off('message', onMessage)
}

let nextRequestId = 0

/** In the primary: asks one worker; rejects after `timeoutMs` or when the worker answers with an error. */
function ask(worker: Worker, question: OperationsQuestion, timeoutMs: number): Promise<OperationsReply> {
  const id = nextRequestId++
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      worker.off('message', onMessage)
    }
    const timer = setTimeout(() => {
      done()
      reject(new OperationsTimeoutError(`worker ${worker.process.pid} did not answer within ${timeoutMs} ms`))
    }, timeoutMs)
    const onMessage = (message: OperationsReply) => {
      if (message?.type !== 'signet-operations-reply' || message.id !== id) return
      done()
      if (message.error) reject(new Error(`worker ${worker.process.pid}: ${message.error}`))
      else resolve(message)
    }
    if (!worker.isConnected()) {
      done()
      return reject(new Error(`worker ${worker.process.pid} is disconnecting`))
    }
    worker.on('message', onMessage)
    // A channel that closes meanwhile is reported here (else it would be an 'error' event on the worker).
    worker.send({ type: 'signet-operations-request', id, question } satisfies OperationsRequest, (error) => {
      if (!error) return
      done()
      reject(error)
    })
  })
}

/** One worker as the primary's `/readyz` reports it. */
type WorkerReadiness = {
  pid: number
  status: 'ready' | 'unready' | 'no answer'
  checks?: ReadinessReport['checks']
}

/** The primary's `/readyz`: ready when it is not stopping and each of the `expected` workers says ready. */
export type ClusterReadinessReport = {
  status: 'ready' | 'unready'
  checks: { workers: string; serving: 'ok' | 'draining' }
  workers: WorkerReadiness[]
  chains?: ReadinessReport['chains']
}

/**
 * Asks every listening worker for its readiness (1 s each, in parallel). The cluster is ready when it
 * is not stopping, all `expected` workers listen (one that died and is being replaced is missing) and
 * every one answers ready; `checks.workers` says `ok` or how many of how many are ready.
 */
export async function clusterReadiness(
  listening: readonly Worker[],
  expected: number,
  draining: boolean,
): Promise<ClusterReadinessReport> {
  const workers = await Promise.all(
    listening.map(async (worker): Promise<WorkerReadiness & { chains?: ReadinessReport['chains'] }> => {
      const pid = worker.process.pid as number
      try {
        const { readiness } = await ask(worker, 'readiness', workerReadinessTimeoutMs)
        if (!readiness) return { pid, status: 'no answer' }
        return { pid, status: readiness.status, checks: readiness.checks, chains: readiness.chains }
      } catch {
        return { pid, status: 'no answer' }
      }
    }),
  )
  const ready = workers.filter((worker) => worker.status === 'ready').length
  const report: ClusterReadinessReport = {
    status: !draining && ready === expected ? 'ready' : 'unready',
    checks: {
      workers: ready === expected ? 'ok' : `${ready} of ${expected} ready`,
      serving: draining ? 'draining' : 'ok',
    },
    workers: workers.map(({ chains: _, ...worker }) => worker),
  }
  // The chains as the first worker that answered saw them (each worker has its own RPC traffic).
  const chains = workers.find((worker) => worker.chains)?.chains
  return chains ? { ...report, chains } : report
}

/**
 * The primary's own registry: its process metrics and `signet_cluster_workers` (the workers listening),
 * added to the workers' at each scrape.
 */
export function createPrimaryRegistry(listeningWorkers: () => number): Registry {
  const registry = new Registry()
  new Gauge({
    name: 'signet_cluster_workers',
    help: 'Worker processes of this Signet that are listening (SIGNET_WORKERS).',
    registers: [registry],
    collect() {
      this.set(listeningWorkers())
    },
  })
  return Registry.merge([processMetricsRegistry(), registry])
}

/**
 * The whole cluster's metrics in Prometheus's text format: the primary's registry and each listening
 * worker's, aggregated by prom-client. A worker that does not answer in time is left out of this scrape
 * (its counters come back with the next one).
 */
export async function clusterMetrics(
  primary: Registry,
  listening: readonly Worker[],
): Promise<{ contentType: string; text: string }> {
  const replies = await Promise.allSettled(
    listening.map((worker) => ask(worker, 'metrics', workerMetricsTimeoutMs)),
  )
  const workerMetrics = replies.flatMap((reply) =>
    reply.status === 'fulfilled' && reply.value.metrics ? [reply.value.metrics] : [],
  )
  const aggregated = AggregatorRegistry.aggregate([await primary.getMetricsAsJSON(), ...workerMetrics])
  return { contentType: aggregated.contentType, text: await aggregated.metrics() }
}
