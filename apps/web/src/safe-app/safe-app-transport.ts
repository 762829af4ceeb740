import { createTransport, type EIP1193RequestFn, type Transport } from 'viem'
import { safeAppSession } from './safe-app-session.ts'

/**
 * Inside Safe{Wallet}, reads of the Safe's chain go through the host (the SDK's `rpcCall`), as the
 * Safe provider relays them; other chains, and the time before the Safe connected, use `direct`.
 * This also lets the recent-transactions list follow a safeTxHash: the Safe provider answers
 * `eth_getTransactionReceipt(safeTxHash)` with the receipt of its execution.
 *
 * @example transports[chain.id] = safeAppTransport(chain.id, chainTransport(chain.rpcUrls))
 */
export function safeAppTransport(chainId: number, direct: Transport): Transport {
  return (parameters) => {
    const fallback = direct(parameters)
    return createTransport({
      key: 'safeApp',
      name: 'Safe App host',
      type: 'safeApp',
      retryCount: 0,
      request: (async (args: { method: string; params?: unknown }) => {
        const session = safeAppSession.get()
        if (session && session.provider.chainId === chainId) return session.provider.request(args)
        return fallback.request(args as Parameters<typeof fallback.request>[0])
      }) as EIP1193RequestFn,
    })
  }
}
