import { type Chain, createPublicClient, defineChain, fallback, http, type Transport, webSocket } from 'viem'
import { socketClientCache } from 'viem/utils'
import { WebSocket as NodeWebSocket } from 'ws'
import { SignetError } from '../errors.ts'

/** RPC transport settings (docs/PRODUCT.md, "RPC transport"), shared by every chain client of the server. */
export const rpcTransportSettings = {
  timeout: 10_000,
  retryCount: 2,
  retryDelay: 100,
  batchWait: 0,
} as const

/**
 * Node 20 has no global WebSocket, so viem's webSocket transport falls back (through `isows`) to the
 * `ws` package — and in this repository that resolves to the ws 7 hoisted for ethers 5 (Safe 1.3.0's
 * tooling), which has no ESM `WebSocket` export: "WebSocket is not a constructor". Providing ws 8 as the
 * global (what Node 22 has natively) makes ws:// RPC URLs work. Done once, before any socket opens.
 */
function ensureGlobalWebSocket(): void {
  const scope = globalThis as { WebSocket?: unknown }
  scope.WebSocket ??= NodeWebSocket
}

export type CreateChainClientParameters = {
  chainId: number
  /** Fallback order; each `http(s)://` or `ws(s)://`. */
  rpcUrls: readonly string[]
  /** Chain metadata when the caller has it (name, currency); a bare one is made from the id otherwise. */
  chain?: Chain
  /** Told of every JSON-RPC request sent to one of the URLs: its error, or undefined when it succeeded. */
  onRequest?: RpcRequestObserver
}

export type RpcRequestObserver = (error?: unknown) => void

/** An RPC URL whose scheme is none of http, https, ws, wss. */
export class InvalidRpcUrlError extends SignetError {
  override name = 'InvalidRpcUrlError'
  constructor(url: string) {
    super('invalid_rpc_url', 400, `RPC URL ${url} must start with http://, https://, ws:// or wss://.`)
  }
}

/**
 * A viem public client for one chain: a fallback over the RPC URLs (each over HTTP or WebSocket by its
 * scheme), 10 s timeout, 2 retries 100 ms apart, and JSON-RPC batching with wait 0 so that requests made
 * in the same tick travel in one HTTP round trip.
 *
 * @example
 * const client = createChainClient({ chainId: 31337, rpcUrls: ['http://127.0.0.1:8545'] })
 * await client.getBlockNumber()
 */
export function createChainClient({ chainId, rpcUrls, chain, onRequest }: CreateChainClientParameters) {
  if (rpcUrls.length === 0) throw new Error(`Chain ${chainId} has no RPC URL.`)
  const { timeout, retryCount, retryDelay, batchWait } = rpcTransportSettings
  const transports: Transport[] = rpcUrls.map((url) => {
    const scheme = url.slice(0, url.indexOf(':')).toLowerCase()
    if (scheme === 'http' || scheme === 'https')
      return observed(http(url, { timeout, batch: { wait: batchWait } }), onRequest)
    if (scheme === 'ws' || scheme === 'wss') {
      ensureGlobalWebSocket()
      return observed(webSocket(url, { timeout }), onRequest)
    }
    throw new InvalidRpcUrlError(url)
  })
  return createPublicClient({
    chain: chain ?? bareChain(chainId, rpcUrls),
    // Retries belong to the fallback: it sets its transports' own retryCount to 0.
    transport: fallback(transports, { retryCount, retryDelay }),
    // SIWE verification must not follow off-chain lookups (EIP-3668) the contract asks for.
    ccipRead: false,
  })
}

export type ChainClient = ReturnType<typeof createChainClient>

/** The transport, telling `onRequest` how each request it sends ends (retries of the fallback included). */
function observed(transport: Transport, onRequest: RpcRequestObserver | undefined): Transport {
  if (!onRequest) return transport
  return (parameters) => {
    const created = transport(parameters)
    const request = (async (args: Parameters<typeof created.request>[0], options?: object) => {
      try {
        const result = await created.request(args, options)
        onRequest()
        return result
      } catch (error) {
        onRequest(error)
        throw error
      }
    }) as typeof created.request
    return { ...created, request }
  }
}

/**
 * Closes every WebSocket RPC connection viem holds open in this process (they are shared per URL and
 * keep the process alive with their keep-alive pings). For a command that must exit, or a server's stop.
 */
export function closeRpcWebSockets(): void {
  for (const socketClient of socketClientCache.values()) socketClient.close()
}

function bareChain(chainId: number, rpcUrls: readonly string[]): Chain {
  const httpUrls = rpcUrls.filter((url) => /^https?:/i.test(url))
  const wsUrls = rpcUrls.filter((url) => /^wss?:/i.test(url))
  return defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: httpUrls, ...(wsUrls.length > 0 ? { webSocket: wsUrls } : {}) } },
  })
}
