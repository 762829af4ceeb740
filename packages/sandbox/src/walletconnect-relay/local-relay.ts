import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { RelayMailbox, type RelayPeer, relayClientOf } from './relay-mailbox.ts'

export type LocalWalletConnectRelay = {
  /** `ws://host:port`: what a WalletConnect client is given as `relayUrl`. */
  url: string
  /** Every relay method called, in order (tests read it). */
  methods: string[]
  /**
   * Connects one more socket that does not come through this server (a browser socket a test
   * routes here): `handle` each message it sends (it returns the relay method called), `leave` when
   * it closes.
   */
  attach(
    url: string,
    send: (text: string) => void,
  ): { handle(text: string): string | undefined; leave(): void }
  stop(): Promise<void>
}

/**
 * A WalletConnect relay on this machine (WebSocket, the relay's `irn_*` JSON-RPC), so WalletConnect
 * works offline: demo mode gives it to Signet's page and to the sandbox Safe{Wallet} host, and the
 * browser tests use it. Messages stay in memory while it runs.
 *
 * @example const relay = await startLocalWalletConnectRelay(); // relay.url === 'ws://127.0.0.1:<port>'
 */
export async function startLocalWalletConnectRelay(
  options: { host?: string; port?: number } = {},
): Promise<LocalWalletConnectRelay> {
  const mailbox = new RelayMailbox()
  const methods: string[] = []
  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<WebSocketServer>((resolve, reject) => {
    const started = new WebSocketServer({ host, port: options.port ?? 0 })
    started.once('error', reject)
    started.once('listening', () => resolve(started))
  })
  const attach = (url: string, send: (text: string) => void) => {
    const peer: RelayPeer = { client: relayClientOf(url), send }
    return {
      handle(text: string) {
        const method = mailbox.handle(peer, text)
        if (method) methods.push(method)
        return method
      },
      leave: () => mailbox.leave(peer),
    }
  }
  server.on('connection', (socket, request) => {
    const peer = attach(request.url ?? '', (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text)
    })
    socket.on('message', (data) => peer.handle(data.toString()))
    socket.on('close', () => peer.leave())
  })
  const { port } = server.address() as AddressInfo
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `ws://${shownHost}:${port}`,
    methods,
    attach,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}
