import {
  type LocalWalletConnectRelay,
  startLocalWalletConnectRelay,
} from '@signet/sandbox/walletconnect-relay/local-relay'
import type { BrowserContext } from 'playwright-core'

export type WalletConnectRelay = {
  /** Every relay method the app called, in order. */
  methods: string[]
  /**
   * A `ws://` URL on this machine where a wallet outside the browser (./walletconnect-wallet.ts)
   * reaches the same relay as the app.
   */
  walletUrl(): Promise<string>
  /** Stops the relay (closing the browser context does too). */
  close(): Promise<void>
}

/**
 * The app's WalletConnect relay on this machine: Playwright routes the browser's WebSocket to
 * WalletConnect's public relay into the sandbox's local relay (no connection leaves the machine). With
 * no wallet attached it is enough to create a pairing URI and show its QR code; with
 * ./walletconnect-wallet.ts attached through {@link WalletConnectRelay.walletUrl}, a whole session
 * runs through it.
 */
export async function stubWalletConnectRelay(context: BrowserContext): Promise<WalletConnectRelay> {
  const methods: string[] = []
  const relay: LocalWalletConnectRelay = await startLocalWalletConnectRelay()
  await context.routeWebSocket(/^wss:\/\/relay\.walletconnect\.(org|com)\//, (socket) => {
    const peer = relay.attach(socket.url(), (text) => socket.send(text))
    socket.onMessage((message) => {
      const method = peer.handle(typeof message === 'string' ? message : message.toString('utf8'))
      if (method) methods.push(method)
    })
    socket.onClose(() => peer.leave())
  })
  // Tests that only show a QR code never close it themselves: it ends with the browser context.
  context.once('close', () => void relay.stop())
  return { methods, walletUrl: async () => relay.url, close: () => relay.stop() }
}
