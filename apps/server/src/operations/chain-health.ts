import type { RpcRequestObserver } from '../chain/chain-client.ts'
import { shortErrorMessage } from '../errors.ts'
import { countRpcRequest, rpcFailureResult, type SignetMetrics } from './metrics.ts'

/** What the readiness report tells of one chain's RPC: the last answer and the last failure (ISO times). */
export type ChainRpcStatus = {
  lastSuccess: string | null
  lastFailure: string | null
  /** Why the last failure failed (the transport's message, shortened). */
  lastError: string | null
}

/**
 * The RPC traffic of each chain as it happens, for `/readyz` — which reports it without asking the
 * chains itself (a probe must not cost RPC calls) and without ever being unready for it: a chain only
 * matters to contract-account sign-ins, and every instance shares the same RPC providers anyway.
 */
export class ChainHealth {
  readonly #chains = new Map<number, ChainRpcStatus>()

  constructor(chainIds: readonly number[]) {
    for (const id of chainIds) this.#chains.set(id, { lastSuccess: null, lastFailure: null, lastError: null })
  }

  /**
   * The observer for one chain's client: counts each request into signet_rpc_requests_total and keeps
   * its time. A JSON-RPC error (e.g. a revert) is an answer: the RPC works.
   */
  observer(chainId: number, metrics: SignetMetrics | undefined): RpcRequestObserver {
    return (error) => {
      const result = error === undefined ? 'success' : rpcFailureResult(error)
      countRpcRequest(metrics, chainId, result)
      const status = this.#chains.get(chainId)
      if (!status) return
      if (result === 'unavailable') {
        status.lastFailure = new Date().toISOString()
        status.lastError = shortErrorMessage(error).slice(0, 200)
      } else status.lastSuccess = new Date().toISOString()
    }
  }

  report(): Record<string, ChainRpcStatus> {
    return Object.fromEntries([...this.#chains].map(([id, status]) => [String(id), { ...status }]))
  }
}
