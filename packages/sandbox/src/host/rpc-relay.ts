import { SandboxHostError } from './host-errors.ts'

/**
 * The read calls the Safe Apps SDK may relay (`RPC_CALLS` of @safe-global/safe-apps-sdk, less
 * `safe_setSettings`, which the page answers itself). Anything else is refused, as Safe{Wallet} does.
 */
export const allowedRpcCalls = [
  'eth_call',
  'eth_gasPrice',
  'eth_getLogs',
  'eth_getBalance',
  'eth_getCode',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_estimateGas',
] as const

export type RpcRelayResult = { result: unknown } | { error: { code: number; message: string } }

/** Forwards one allowed read call to the chain and hands back its JSON-RPC result or error. */
export async function relayRpcCall(rpcUrl: string, call: string, params: unknown): Promise<RpcRelayResult> {
  if (!(allowedRpcCalls as readonly string[]).includes(call)) {
    throw new SandboxHostError('RPC_CALL_NOT_ALLOWED', `RPC call ${call} is not allowed`)
  }
  if (!Array.isArray(params)) throw new SandboxHostError('BAD_REQUEST', 'params must be an array')
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: call, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) return { error: { code: body.error.code, message: body.error.message } }
  return { result: body.result ?? null }
}
