import { BaseError, HttpRequestError, SocketClosedError, TimeoutError, WebSocketRequestError } from 'viem'

const transportFailures = [HttpRequestError, TimeoutError, WebSocketRequestError, SocketClosedError]

// JSON-RPC codes by which a node says it cannot serve the request now, as opposed to "the call failed".
const unavailableCodes = new Set([
  -32002, // resource unavailable
  -32004, // method not supported
  -32005, // limit exceeded
  -32007, // request limit reached (QuickNode)
  -32601, // method not found
  429, // too many requests inside a 200 response
])

/**
 * Whether an error from an `eth_call` means the chain could not be asked (network, timeout, HTTP error,
 * closed socket, rate limit) rather than that the call itself failed (a revert, an EVM error). The first
 * becomes `rpc_unavailable`; the second just means "not this kind of signature".
 */
export function isRpcUnavailable(error: unknown): boolean {
  // Errors from outside viem (a bug, fetch itself) are not evidence that the signature is wrong.
  if (!(error instanceof BaseError)) return true
  if (error.walk((e) => transportFailures.some((kind) => e instanceof kind))) return true
  const rpcError = error.walk((e) => typeof (e as { code?: unknown }).code === 'number') as
    | (Error & { code: number })
    | null
  if (!rpcError) return true
  if (unavailableCodes.has(rpcError.code)) return true
  // -32603 "internal error" is also how anvil reports EVM failures (e.g. "EVM error InvalidFEOpcode").
  if (rpcError.code === -32603) return !/evm|revert|opcode|gas|stack|execution/i.test(rpcError.message)
  return false
}
