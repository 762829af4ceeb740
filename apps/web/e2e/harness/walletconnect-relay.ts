import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { BrowserContext } from 'playwright-core'
import ws, { type WebSocketServer } from 'ws'

// The CommonJS `ws` (7 or 8, whichever the tree has) exposes its server as `Server` on the default export.
const { Server } = ws as unknown as { Server: typeof WebSocketServer }

export type WalletConnectRelay = {
  /** Every relay method the app called, in order. */
  methods: string[]
  /**
   * A `ws://` URL on this machine where a wallet outside the browser (./walletconnect-wallet.ts)
   * reaches the same relay as the app. The server starts on the first call.
   */
  walletUrl(): Promise<string>
  /** Stops the wallets' server (if started). The browser side ends with its context. */
  close(): Promise<void>
}

type Peer = { client: string; send(text: string): void }
type Stored = { topic: string; message: string; publishedAt: number; tag: number; from: string }
type RelayRequest = { id?: number | string; method?: string; params?: Record<string, unknown> }

/**
 * A stand-in for the WalletConnect relay (Playwright routes the browser's WebSocket; no connection
 * leaves the machine). Like the real one it is a mailbox: it answers subscriptions and
 * publications, forwards each message to the topic's other subscribers and keeps it for those who
 * subscribe later. With no wallet attached it is enough to create a pairing URI and show its QR
 * code; with ./walletconnect-wallet.ts attached through {@link WalletConnectRelay.walletUrl}, a
 * whole session runs through it.
 */
export async function stubWalletConnectRelay(context: BrowserContext): Promise<WalletConnectRelay> {
  const methods: string[] = []
  const relay = new Mailbox()
  await context.routeWebSocket(/^wss:\/\/relay\.walletconnect\.(org|com)\//, (socket) => {
    const peer: Peer = { client: clientOf(socket.url()), send: (text) => socket.send(text) }
    socket.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8')
      const method = relay.handle(peer, text)
      if (method) methods.push(method)
    })
    socket.onClose(() => relay.leave(peer))
  })

  let server: WebSocketServer | undefined
  let url: Promise<string> | undefined
  return {
    methods,
    walletUrl() {
      url ??= new Promise((resolve, reject) => {
        const started = new Server({ host: '127.0.0.1', port: 0 })
        server = started
        started.once('error', reject)
        started.once('listening', () => resolve(`ws://127.0.0.1:${(started.address() as AddressInfo).port}`))
        started.on('connection', (socket, request) => {
          const peer: Peer = { client: clientOf(request.url ?? ''), send: (text) => socket.send(text) }
          socket.on('message', (data) => relay.handle(peer, data.toString()))
          socket.on('close', () => relay.leave(peer))
        })
      })
      return url
    },
    async close() {
      const started = server
      if (!started) return
      for (const client of started.clients) client.terminate()
      await new Promise<void>((resolve) => started.close(() => resolve()))
    },
  }
}

class Mailbox {
  private readonly subscriptions = new Map<string, Map<Peer, string>>()
  private readonly stored: Stored[] = []
  /** Per client (its relay identity survives a reload): the stored messages it has been given. */
  private readonly delivered = new Map<string, Set<Stored>>()
  private nextId = 1

  /** Handles one message from a peer; returns the relay method it called, if any. */
  handle(peer: Peer, text: string): string | undefined {
    let request: RelayRequest
    try {
      request = JSON.parse(text)
    } catch {
      return undefined
    }
    // Answers to our irn_subscription pushes carry no method.
    if (request.id === undefined || typeof request.method !== 'string') return undefined
    if (process.env.WC_DEBUG) console.log(`relay <- ${peer.client.slice(-8)}`, text.slice(0, 300))
    const params = request.params ?? {}
    const answer = (result: unknown) => peer.send(JSON.stringify({ id: request.id, jsonrpc: '2.0', result }))
    switch (request.method) {
      case 'irn_subscribe': {
        const topic = String(params.topic)
        answer(this.subscribe(peer, topic))
        this.deliverStored(peer, [topic])
        break
      }
      case 'irn_batchSubscribe': {
        const topics = (params.topics as string[] | undefined) ?? []
        answer(topics.map((topic) => this.subscribe(peer, topic)))
        this.deliverStored(peer, topics)
        break
      }
      case 'irn_unsubscribe':
        this.subscriptions.get(String(params.topic))?.delete(peer)
        answer(true)
        break
      case 'irn_batchUnsubscribe':
        for (const { topic } of (params.subscriptions as { topic: string }[] | undefined) ?? [])
          this.subscriptions.get(topic)?.delete(peer)
        answer(true)
        break
      case 'irn_publish':
        answer(true)
        this.publish(peer, params)
        break
      case 'irn_batchPublish':
        answer(true)
        for (const message of (params.messages as Record<string, unknown>[] | undefined) ?? [])
          this.publish(peer, message)
        break
      case 'irn_batchFetchMessages': {
        const topics = new Set((params.topics as string[] | undefined) ?? [])
        const messages = this.undelivered(peer, topics)
        for (const message of messages) this.markDelivered(peer, message)
        answer({ messages: messages.map(({ from: _, ...message }) => message), hasMore: false })
        break
      }
      default:
        answer(true)
    }
    return request.method
  }

  leave(peer: Peer): void {
    for (const subscribers of this.subscriptions.values()) subscribers.delete(peer)
  }

  private subscribe(peer: Peer, topic: string): string {
    const subscribers = this.subscriptions.get(topic) ?? new Map<Peer, string>()
    this.subscriptions.set(topic, subscribers)
    const id = subscribers.get(peer) ?? randomBytes(32).toString('hex')
    subscribers.set(peer, id)
    return id
  }

  private publish(peer: Peer, params: Record<string, unknown>): void {
    const message: Stored = {
      topic: String(params.topic),
      message: String(params.message),
      publishedAt: Date.now(),
      tag: Number(params.tag ?? 0),
      from: peer.client,
    }
    this.stored.push(message)
    for (const [subscriber, id] of this.subscriptions.get(message.topic) ?? []) {
      if (subscriber.client === peer.client) continue
      this.push(subscriber, id, message)
    }
  }

  private deliverStored(peer: Peer, topics: string[]): void {
    const wanted = new Set(topics)
    for (const message of this.undelivered(peer, wanted)) {
      const id = this.subscriptions.get(message.topic)?.get(peer)
      if (id) this.push(peer, id, message)
    }
  }

  private undelivered(peer: Peer, topics: Set<string>): Stored[] {
    const delivered = this.delivered.get(peer.client)
    return this.stored.filter(
      (message) => topics.has(message.topic) && message.from !== peer.client && !delivered?.has(message),
    )
  }

  private markDelivered(peer: Peer, message: Stored): void {
    const delivered = this.delivered.get(peer.client) ?? new Set<Stored>()
    this.delivered.set(peer.client, delivered.add(message))
  }

  private push(peer: Peer, subscriptionId: string, message: Stored): void {
    this.markDelivered(peer, message)
    const { topic, publishedAt, tag } = message
    peer.send(
      JSON.stringify({
        id: this.nextId++,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscriptionId, data: { topic, message: message.message, publishedAt, tag } },
      }),
    )
  }
}

/**
 * The client's relay identity: the issuer of the JWT in the URL's `auth` parameter (each
 * WalletConnect client signs it with its own key, kept across reloads).
 */
function clientOf(url: string): string {
  try {
    const auth = new URL(url, 'ws://relay').searchParams.get('auth') ?? ''
    const payload = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8'))
    if (typeof payload.iss === 'string') return payload.iss
  } catch {
    // Not a JWT: every connection is its own client.
  }
  return randomBytes(16).toString('hex')
}
