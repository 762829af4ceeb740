import type { Server, ServerResponse } from 'node:http'

/**
 * The graceful stop of the public listener. Every request passes `track` on its way in; `drain` then
 * stops accepting connections, closes the idle keep-alive ones, lets the requests in flight finish —
 * their answers carry `Connection: close` where the headers are not sent yet, and each connection is
 * closed once its answer is out — and resolves when no connection is left.
 */
export class HttpDrain {
  readonly #inFlight = new Set<ServerResponse>()
  #server: Server | undefined

  /** Counts the request in flight until its answer is out (or its connection gone). */
  track(res: ServerResponse): void {
    if (this.#server) res.setHeader('Connection', 'close')
    this.#inFlight.add(res)
    res.once('close', () => {
      this.#inFlight.delete(res)
      // The connection is idle from the next tick on: close it rather than wait for its keep-alive timeout.
      const server = this.#server
      if (server) setImmediate(() => server.closeIdleConnections())
    })
  }

  /** Requests whose answer is not out yet. */
  get inFlight(): number {
    return this.#inFlight.size
  }

  drain(server: Server): Promise<void> {
    this.#server = server
    for (const res of this.#inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
    // close() stops listening and closes idle connections; its callback comes once the last one ended.
    return new Promise((resolve) => server.close(() => resolve()))
  }
}

/** Exit codes after a signal the process did not stop cleanly for (128 + its number, as a shell shows). */
const signalExitCodes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 }

/** The first shutdown signal, and what any later one does (by default: exit at once, 130/143). */
export type ShutdownSignals = {
  first: Promise<NodeJS.Signals>
  onRepeat: (signal: NodeJS.Signals) => void
}

/**
 * SIGINT and SIGTERM handlers for the whole life of the process: `first` resolves with the first one;
 * any later one calls `onRepeat`. The handlers stay installed (never `once`), so no signal ever meets the
 * default disposition — which, for a process running as PID 1 in a container, is to ignore it.
 *
 * @example const signals = listenForShutdownSignals(); const signal = await signals.first
 */
export function listenForShutdownSignals(): ShutdownSignals {
  let received: NodeJS.Signals | undefined
  let resolveFirst: (signal: NodeJS.Signals) => void = () => {}
  const signals: ShutdownSignals = {
    first: new Promise<NodeJS.Signals>((resolve) => {
      resolveFirst = resolve
    }),
    onRepeat: (signal) => process.exit(signalExitCodes[signal] ?? 1),
  }
  const handle = (signal: NodeJS.Signals) => {
    if (received) return signals.onRepeat(signal)
    received = signal
    resolveFirst(signal)
  }
  process.on('SIGINT', handle)
  process.on('SIGTERM', handle)
  return signals
}

/**
 * The end of a process once SIGNET_SHUTDOWN_GRACE ran out: says how many requests it cuts off, stops the
 * rest (closing their connections; at most 5 s more), and exits 1 at once — work those requests started
 * (an RPC call waiting for its own timeout) must not keep the process alive.
 */
export async function endAfterGraceRanOut(
  graceMs: number,
  inFlight: number,
  stop: () => Promise<void>,
): Promise<never> {
  process.stderr.write(
    `signet: process ${process.pid}: SIGNET_SHUTDOWN_GRACE (${graceMs / 1000} s) ran out with ${inFlight} request${inFlight === 1 ? '' : 's'} in flight; cutting ${inFlight === 1 ? 'it' : 'them'} off\n`,
  )
  await Promise.race([stop(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
  process.exit(1)
}

/** Resolves after `ms` without holding the process open. */
export function graceTimer(ms: number): Promise<'grace ran out'> {
  return new Promise((resolve) => setTimeout(() => resolve('grace ran out'), ms).unref())
}
