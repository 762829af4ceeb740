import { randomBytes } from 'node:crypto'

/** One connection to the relay: its client identity (kept across reloads) and how to write to it. */
export type RelayPeer = { client: string; send(text: string): void }

type Stored = { topic: string; message: string; publishedAt: number; tag: number; from: string }
type RelayRequest = { id?: number | string; method?: string; params?: Record<string, unknown> }

/**
 * What a WalletConnect relay does, for one machine: the `irn_*` JSON-RPC methods of the relay
 * protocol. It is a mailbox: it answers subscriptions and publications, forwards each message to the
 * topic's other subscribers and keeps it for those who subscribe later (a wallet that was offline, a
 * dApp reloaded), never giving one client the same message twice. Messages are end-to-end encrypted
 * by the clients: the relay sees topics only.
 */
export class RelayMailbox {
  private readonly subscriptions = new Map<string, Map<RelayPeer, string>>()
  private readonly stored: Stored[] = []
  /** Per client (its relay identity survives a reload): the stored messages it has been given. */
  private readonly delivered = new Map<string, Set<Stored>>()
  private nextId = 1

  /** Handles one message from a peer; returns the relay method it called, if any. */
  handle(peer: RelayPeer, text: string): string | undefined {
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

  leave(peer: RelayPeer): void {
    for (const subscribers of this.subscriptions.values()) subscribers.delete(peer)
  }

  private subscribe(peer: RelayPeer, topic: string): string {
    const subscribers = this.subscriptions.get(topic) ?? new Map<RelayPeer, string>()
    this.subscriptions.set(topic, subscribers)
    const id = subscribers.get(peer) ?? randomBytes(32).toString('hex')
    subscribers.set(peer, id)
    return id
  }

  private publish(peer: RelayPeer, params: Record<string, unknown>): void {
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

  private deliverStored(peer: RelayPeer, topics: string[]): void {
    const wanted = new Set(topics)
    for (const message of this.undelivered(peer, wanted)) {
      const id = this.subscriptions.get(message.topic)?.get(peer)
      if (id) this.push(peer, id, message)
    }
  }

  private undelivered(peer: RelayPeer, topics: Set<string>): Stored[] {
    const delivered = this.delivered.get(peer.client)
    return this.stored.filter(
      (message) => topics.has(message.topic) && message.from !== peer.client && !delivered?.has(message),
    )
  }

  private markDelivered(peer: RelayPeer, message: Stored): void {
    const delivered = this.delivered.get(peer.client) ?? new Set<Stored>()
    this.delivered.set(peer.client, delivered.add(message))
  }

  private push(peer: RelayPeer, subscriptionId: string, message: Stored): void {
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
 * The client's relay identity: the issuer of the JWT in the connection URL's `auth` parameter (each
 * WalletConnect client signs it with its own key, kept across reloads).
 *
 * @example relayClientOf('ws://127.0.0.1:9000/?auth=eyJ…') // 'did:key:z6Mk…'
 */
export function relayClientOf(url: string): string {
  try {
    const auth = new URL(url, 'ws://relay').searchParams.get('auth') ?? ''
    const payload = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8'))
    if (typeof payload.iss === 'string') return payload.iss
  } catch {
    // Not a JWT: every connection is its own client.
  }
  return randomBytes(16).toString('hex')
}
