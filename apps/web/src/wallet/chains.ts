import type { PublicChain } from '@signet/protocol/public-config'
import { type Chain, defineChain, fallback, http, type Transport, webSocket } from 'viem'

/** RPC transport (docs/PRODUCT.md, "RPC transport"): the same numbers in the browser as on the server. */
export const rpcTransportOptions = { timeout: 10_000, retryCount: 2, retryDelay: 100 } as const

/** Where a chain's explorer links start (RainbowKit appends `/tx/<hash>` and `/address/<address>`). */
export type ExplorerLinkBase = (chain: PublicChain & { blockExplorerUrl: string }) => string

/**
 * Turns a configured chain into a viem chain. The block explorer is carried over so that
 * RainbowKit's profile view offers "View more on explorer"; `explorerLinkBase` moves where its links
 * start (Safe App mode routes them through Signet). A chain without an explorer gets none.
 *
 * @example const chain = toViemChain(config.chains[0])
 */
export function toViemChain(
  chain: PublicChain,
  explorerLinkBase: ExplorerLinkBase = (configured) => configured.blockExplorerUrl,
): Chain {
  if (!Number.isSafeInteger(chain.id) || chain.id <= 0)
    throw new RangeError(`chain id must be positive, got ${chain.id}`)
  const http = chain.rpcUrls.filter((url) => /^https?:/i.test(url))
  const webSocket = chain.rpcUrls.filter((url) => /^wss?:/i.test(url))
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http, ...(webSocket.length > 0 ? { webSocket } : {}) } },
    ...(chain.blockExplorerUrl
      ? {
          blockExplorers: {
            default: {
              name: explorerName(chain.blockExplorerUrl),
              url: explorerLinkBase({ ...chain, blockExplorerUrl: chain.blockExplorerUrl }),
            },
          },
        }
      : {}),
    ...(chain.testnet !== undefined ? { testnet: chain.testnet } : {}),
  })
}

/**
 * One transport per chain: its URLs in order as fallbacks, each over HTTP or WebSocket by scheme.
 *
 * @example const transport = chainTransport(['https://rpc.example', 'wss://rpc.example/ws'])
 */
export function chainTransport(rpcUrls: readonly string[]): Transport {
  const transports = rpcUrls.map((url) =>
    /^wss?:/i.test(url)
      ? webSocket(url, rpcTransportOptions)
      : http(url, { ...rpcTransportOptions, batch: { wait: 0 } }),
  )
  if (transports.length === 0) throw new RangeError('a chain needs at least one RPC URL')
  return transports.length === 1 ? (transports[0] as Transport) : fallback(transports)
}

/** "etherscan.io" for https://etherscan.io: RainbowKit shows only the link, the name is for wallets. */
function explorerName(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
