import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'

/**
 * A stand-in for the WalletConnect relay inside the browser (Playwright routes the WebSocket; no
 * connection leaves the machine). It accepts subscriptions and publications, which is all the
 * app needs to create a pairing URI and show its QR code; no wallet ever answers.
 */
export async function stubWalletConnectRelay(context: BrowserContext): Promise<{ methods: string[] }> {
  const methods: string[] = []
  await context.routeWebSocket(/^wss:\/\/relay\.walletconnect\.(org|com)\//, (socket) => {
    socket.onMessage((message) => {
      let request: { id?: number | string; method?: string; params?: { topics?: string[] } }
      try {
        request = JSON.parse(typeof message === 'string' ? message : message.toString('utf8'))
      } catch {
        return
      }
      if (request.id === undefined || typeof request.method !== 'string') return
      methods.push(request.method)
      if (process.env.WC_DEBUG) console.log('relay <-', JSON.stringify(request).slice(0, 300))
      socket.send(
        JSON.stringify({ id: request.id, jsonrpc: '2.0', result: resultFor(request.method, request.params) }),
      )
    })
  })
  return { methods }
}

function resultFor(method: string, params: { topics?: string[] } | undefined): unknown {
  switch (method) {
    case 'irn_subscribe':
      return randomBytes(32).toString('hex')
    case 'irn_batchSubscribe':
      return (params?.topics ?? []).map(() => randomBytes(32).toString('hex'))
    case 'irn_batchFetchMessages':
      return { messages: [], hasMore: false }
    default:
      return true
  }
}
