import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { type Hex, hexToString, isHex, type TypedDataDefinition } from 'viem'
import { SandboxHostError } from '../host-errors.ts'
import type { GatewayClient } from '../host-gateway.ts'
import { isGatewayNotFound } from '../host-gateway.ts'
import type { MessageBook, MessageView } from '../message-book.ts'
import type { SafeRegistry } from '../safe-registry.ts'
import type { TransactionBook, TransactionView } from '../transaction-book.ts'
import { memorySignClientStorage } from './memory-storage.ts'
import { walletConnectAnswers } from './walletconnect-answers.ts'

type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

/** How the host answers, as Safe{Wallet}'s settings and its mobile app would. */
export type WalletConnectSettings = {
  /** Safe{Wallet}'s "Always use on-chain signatures": a SignMessageLib transaction, then silence. */
  onChainSigning: boolean
  /** Answer like the Safe mobile app: signing methods are disabled (`-32075 Method disabled`). */
  mobileApp: boolean
}

export type WalletConnectSessionView = { topic: string; dapp: string; url: string; safe: string }

/** A signing request shown in the host's dialog until it is answered, dropped or expires. */
export type WalletConnectRequestView = {
  id: number
  topic: string
  dapp: string
  method: string
  safe: string
  /** Off-chain: the SafeMessage owners sign. On-chain: the proposed transaction (after an owner proposed it). */
  mode: 'offchain' | 'onchain'
  text: string
  message: MessageView | null
  transaction: TransactionView | null
  /** Unix ms after which the dApp no longer waits (WalletConnect's request expiry). */
  expiresAt: number | null
}

type PendingRequest = {
  id: number
  topic: string
  method: string
  safe: string
  content: string | TypedDataDefinition
  mode: 'offchain' | 'onchain'
  message: MessageView | null
  transaction: TransactionView | null
  expiresAt: number | null
  /** A tab has shown its dialog: when no tab looks any more, the tab was closed. */
  shown: boolean
}

export type HostWalletConnectOptions = {
  relayUrl: string
  registry: SafeRegistry
  messages: MessageBook
  transactions: TransactionBook
  gateway: GatewayClient | undefined
  /** The host's own URL, in its WalletConnect metadata. */
  hostUrl: () => string
  /** How often pending requests look at the gateway (ms). */
  pollMs?: number
  /** A tab that has not looked for this long is closed: its dialogs go silent (ms). */
  tabTimeoutMs?: number
  now?: () => number
}

// A WalletConnect project id nobody owns: the host talks to a local relay, or to none.
const sandboxProjectId = '5a4db0c5a4db0c5a4db0c5a4db0c5a4d'
const signingMethods = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData', 'eth_signTypedData_v4'])

/**
 * Safe{Wallet}'s WalletConnect feature, in the sandbox host: a `wc:` URI pasted on the host's
 * WalletConnect page pairs the chosen Safe with a dApp (the real `@walletconnect/sign-client`, in
 * the host's Node process), and signing requests are answered as Safe{Wallet} answers them:
 *
 * - off-chain: the SafeMessage is proposed with the first owner's signature and the dialog waits
 *   until the gateway has every needed confirmation, then answers the prepared signature;
 * - the dialog closed: error 4001 "User rejected signature" (confirmations already given stay);
 * - the tab closed (the page stopped looking, or said so when leaving): no answer, ever;
 * - on-chain signing: a SignMessageLib transaction is proposed, executed later; no answer, ever;
 * - the mobile-app switch: `-32075 Method disabled`;
 * - a request for another chain: WalletConnect 5100; an expired request: dropped, never answered.
 */
export class HostWalletConnect {
  #client: Promise<SignClientInstance> | undefined
  readonly #requests = new Map<number, PendingRequest>()
  readonly #sessionSafes = new Map<string, string>()
  readonly #pairingSafes = new Map<string, string>()
  readonly #log: string[] = []
  #settings: WalletConnectSettings = { onChainSigning: false, mobileApp: false }
  #lastTabLook = 0
  #timer: ReturnType<typeof setInterval> | undefined
  #checking = false

  constructor(private readonly options: HostWalletConnectOptions) {}

  get settings(): WalletConnectSettings {
    return { ...this.#settings }
  }

  updateSettings(change: Partial<WalletConnectSettings>): WalletConnectSettings {
    this.#settings = { ...this.#settings, ...change }
    this.#note(
      `Settings: ${this.#settings.onChainSigning ? 'on-chain' : 'off-chain'} signing${this.#settings.mobileApp ? ', as the Safe mobile app' : ''}`,
    )
    return this.settings
  }

  /** Pairs `safe` with the dApp of a `wc:` URI; its session proposal is approved as it arrives. */
  async pair(uri: string, safe: string): Promise<void> {
    const address = this.options.registry.find(safe)
    const topic = /^wc:([0-9a-f]{64})@2\?/i.exec(uri)?.[1]
    if (!topic)
      throw new SandboxHostError('BAD_REQUEST', 'uri: expected a WalletConnect v2 pairing URI (wc:…@2?…)')
    this.#pairingSafes.set(topic, address)
    const client = await this.#signClient()
    try {
      await client.pair({ uri })
    } catch (error) {
      throw new SandboxHostError('BAD_REQUEST', `The pairing failed: ${messageOf(error)}`)
    }
    this.#note(`Pairing with ${topic.slice(0, 8)}… as Safe ${address}`)
  }

  /** What the page shows; each look also tells that a tab is open. */
  async view(): Promise<{
    settings: WalletConnectSettings
    sessions: WalletConnectSessionView[]
    requests: WalletConnectRequestView[]
    log: string[]
  }> {
    this.#lastTabLook = this.#now()
    const client = this.#client ? await this.#client : undefined
    const sessions = (client?.session.getAll() ?? []).map((session) => ({
      topic: session.topic,
      dapp: session.peer.metadata.name,
      url: session.peer.metadata.url,
      safe: this.#sessionSafes.get(session.topic) ?? '',
    }))
    return {
      settings: this.settings,
      sessions,
      requests: [...this.#requests.values()].map((request) => {
        request.shown = true
        return this.#requestView(request, client)
      }),
      log: this.#log.slice(-60),
    }
  }

  /** An owner signs in the dialog: off-chain a confirmation of the message, on-chain the proposal. */
  async sign(id: number, owner: string): Promise<WalletConnectRequestView> {
    const request = this.#find(id)
    if (request.mode === 'offchain') {
      const hash = request.message?.messageHash
      if (!hash) throw new SandboxHostError('NOT_PENDING', 'The message is not ready yet')
      request.message = await this.options.messages.confirm(hash, owner)
      await this.#answerIfSigned(request)
    } else {
      const safeTxHash = request.transaction?.safeTxHash
      if (!safeTxHash) throw new SandboxHostError('NOT_PENDING', 'The transaction is not ready yet')
      request.transaction = await this.options.transactions.confirm(safeTxHash, owner)
      // As Safe{Wallet}: the transaction is proposed and the dApp is never answered.
      this.#drop(id)
      this.#note(
        `Request ${id}: SignMessageLib transaction proposed (${safeTxHash}); the dApp gets no answer`,
      )
    }
    return this.#requestView(request, this.#client ? await this.#client : undefined)
  }

  /** The person closes the signing dialog: 4001, as Safe{Wallet}. */
  async closeDialog(id: number): Promise<void> {
    const request = this.#find(id)
    this.#requests.delete(id)
    await this.#respondError(request, walletConnectAnswers.userRejected)
  }

  /** The tab is closed: every open dialog goes with it, unanswered. */
  closeTab(): void {
    if (this.#requests.size > 0)
      this.#note(`Tab closed: ${this.#requests.size} request(s) will never be answered`)
    for (const id of [...this.#requests.keys()]) this.#drop(id)
  }

  /**
   * Forgets a request without answering it. The wallet side of the sign client hands requests over one
   * at a time and waits for each answer; a reopened Safe{Wallet} tab starts afresh, so the next request
   * is let through here with the client's own clean-up (what it does after an answer, minus the answer).
   */
  #drop(id: number): void {
    this.#requests.delete(id)
    void this.#client?.then((client) => {
      const engine = client.engine as unknown as { cleanupAfterResponse?: (event: unknown) => void }
      engine.cleanupAfterResponse?.({ response: { id } })
    })
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    const client = this.#client ? await this.#client.catch(() => undefined) : undefined
    if (!client) return
    await client.core.relayer.transportClose().catch(() => undefined)
    client.core.heartbeat.stop()
  }

  #signClient(): Promise<SignClientInstance> {
    this.#client ??= this.#startClient()
    return this.#client
  }

  async #startClient(): Promise<SignClientInstance> {
    const client = await SignClient.init({
      projectId: sandboxProjectId,
      relayUrl: this.options.relayUrl,
      // WalletConnect shares one core per process and prefix: the host's must not be a dApp's or a test wallet's.
      customStoragePrefix: `sandbox-host-${this.options.registry.chainId}-${Math.random().toString(36).slice(2)}`,
      logger: process.env.WC_DEBUG ? 'debug' : 'silent',
      metadata: {
        name: 'Safe{Wallet} sandbox',
        description: 'Signet’s offline stand-in for Safe{Wallet}',
        url: this.options.hostUrl(),
        icons: [],
      },
      storage: memorySignClientStorage(),
    })
    client.on('session_proposal', (event) => void this.#approve(client, event))
    client.on('session_request', (event) => void this.#onRequest(client, event))
    client.on('session_delete', ({ topic }) => {
      this.#sessionSafes.delete(topic)
      this.#note(`The dApp ended session ${topic.slice(0, 8)}…`)
    })
    this.#timer = setInterval(() => void this.#check(), this.options.pollMs ?? 1_000)
    this.#timer.unref?.()
    return client
  }

  async #approve(
    client: SignClientInstance,
    { id, params }: SignClientTypes.EventArguments['session_proposal'],
  ): Promise<void> {
    const safe = this.#pairingSafes.get(params.pairingTopic) ?? this.options.registry.addresses[0] ?? ''
    const own = `eip155:${this.options.registry.chainId}`
    const required: string[] = params.requiredNamespaces?.eip155?.chains ?? []
    const chains = [...new Set([...required, own])]
    const dapp = params.proposer.metadata.name
    try {
      const { topic, acknowledged } = await client.approve({
        id,
        namespaces: {
          eip155: {
            chains,
            methods: [...signingMethods, 'eth_sendTransaction', 'wallet_switchEthereumChain'],
            events: ['chainChanged', 'accountsChanged'],
            accounts: chains.map((chain) => `${chain}:${safe}`),
          },
        },
      })
      this.#sessionSafes.set(topic, safe)
      await acknowledged()
      this.#note(`Connected ${dapp} as Safe ${safe}`)
    } catch (error) {
      this.#note(`Could not connect ${dapp}: ${messageOf(error)}`)
    }
  }

  async #onRequest(
    client: SignClientInstance,
    event: SignClientTypes.EventArguments['session_request'],
  ): Promise<void> {
    const { id, topic, params } = event
    const { method } = params.request
    const safe =
      this.#sessionSafes.get(topic) ?? client.session.get(topic).namespaces.eip155?.accounts[0]?.split(':')[2]
    const expiresAt = params.request.expiryTimestamp ? params.request.expiryTimestamp * 1000 : null
    this.#note(`← ${method} (request ${id})`)
    const base = { id, topic, method, safe: safe ?? '', expiresAt }
    if (params.chainId !== `eip155:${this.options.registry.chainId}`) {
      await this.#respondError({ ...base }, walletConnectAnswers.unsupportedChain(params.chainId))
      return
    }
    if (!signingMethods.has(method)) {
      await this.#respondError(base, walletConnectAnswers.unsupportedMethod(method))
      return
    }
    if (this.#settings.mobileApp) {
      await this.#respondError(base, walletConnectAnswers.methodDisabled)
      return
    }
    let content: string | TypedDataDefinition
    try {
      content = signedContent(method, params.request.params)
    } catch (error) {
      await this.#respondError(base, { code: -32602, message: messageOf(error) })
      return
    }
    const request: PendingRequest = {
      ...base,
      content,
      mode: this.#settings.onChainSigning ? 'onchain' : 'offchain',
      message: null,
      transaction: null,
      shown: false,
    }
    this.#requests.set(id, request)
    const origin = client.session.get(topic).peer.metadata.url
    try {
      if (request.mode === 'offchain') {
        request.message = await this.options.messages.create({ safe: request.safe, message: content, origin })
        await this.#answerIfSigned(request)
      } else {
        const { contentHashOf } = await import('../message-book.ts')
        request.transaction = await this.options.transactions.proposeMessageApproval({
          safe: request.safe,
          contentHash: contentHashOf(content),
          origin,
        })
      }
    } catch (error) {
      this.#requests.delete(id)
      await this.#respondError(base, { code: -32603, message: messageOf(error) })
    }
  }

  /** Every tick: expired requests are dropped, a closed tab silences its dialogs, signed messages are answered. */
  async #check(): Promise<void> {
    if (this.#checking) return
    this.#checking = true
    try {
      const now = this.#now()
      for (const request of [...this.#requests.values()]) {
        if (request.expiresAt !== null && now >= request.expiresAt) {
          this.#drop(request.id)
          this.#note(`Request ${request.id} expired: it is not answered`)
        }
      }
      // A dialog a tab showed, and no tab has looked since: the tab was closed without saying so.
      const tabTimeout = this.options.tabTimeoutMs ?? 4_000
      if (now - this.#lastTabLook > tabTimeout) {
        for (const request of [...this.#requests.values()]) {
          if (!request.shown) continue
          this.#drop(request.id)
          this.#note(`Tab gone: request ${request.id} will never be answered`)
        }
      }
      for (const request of [...this.#requests.values()]) {
        if (request.mode === 'offchain') await this.#answerIfSigned(request).catch(() => undefined)
      }
    } finally {
      this.#checking = false
    }
  }

  /** Answers the prepared signature once the gateway (or, without one, the host) has every confirmation. */
  async #answerIfSigned(request: PendingRequest): Promise<void> {
    const hash = request.message?.messageHash
    if (!hash || !this.#requests.has(request.id)) return
    let signature: string | null = null
    if (this.options.gateway) {
      try {
        const message = await this.options.gateway.getSafeMessage(this.options.registry.chainId, hash)
        if (message.confirmationsSubmitted >= message.confirmationsRequired)
          signature = message.preparedSignature ?? null
        request.message = {
          ...(request.message as MessageView),
          confirmationsSubmitted: message.confirmationsSubmitted,
        }
      } catch (error) {
        if (!isGatewayNotFound(error)) throw error
      }
    } else {
      request.message = await this.options.messages.get(hash)
      signature = request.message.preparedSignature
    }
    if (!signature || !this.#requests.has(request.id)) return
    this.#requests.delete(request.id)
    const client = await this.#signClient()
    await client.respond({
      topic: request.topic,
      response: { id: request.id, jsonrpc: '2.0', result: signature },
    })
    this.#note(`→ request ${request.id}: the prepared signature`)
  }

  async #respondError(
    request: Pick<PendingRequest, 'id' | 'topic' | 'expiresAt'>,
    error: { code: number; message: string },
  ): Promise<void> {
    if (request.expiresAt !== null && this.#now() >= request.expiresAt) return
    const client = await this.#signClient()
    await client
      .respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', error } })
      .catch((failure: unknown) =>
        this.#note(`Could not answer request ${request.id}: ${messageOf(failure)}`),
      )
    this.#note(`→ request ${request.id}: error ${error.code} ${error.message}`)
  }

  #requestView(request: PendingRequest, client: SignClientInstance | undefined): WalletConnectRequestView {
    let dapp = ''
    try {
      dapp = client?.session.get(request.topic).peer.metadata.name ?? ''
    } catch {
      dapp = ''
    }
    return {
      id: request.id,
      topic: request.topic,
      dapp,
      method: request.method,
      safe: request.safe,
      mode: request.mode,
      text: typeof request.content === 'string' ? request.content : JSON.stringify(request.content, null, 2),
      message: request.message,
      transaction: request.transaction,
      expiresAt: request.expiresAt,
    }
  }

  #find(id: number): PendingRequest {
    const request = this.#requests.get(id)
    if (!request) throw new SandboxHostError('NOT_FOUND', `No open WalletConnect request ${id}`)
    return request
  }

  #note(line: string): void {
    this.#log.push(line)
    if (process.env.WC_DEBUG) console.log(`[sandbox wc] ${line}`)
  }

  #now(): number {
    return this.options.now?.() ?? Date.now()
  }
}

/**
 * What is signed: `personal_sign` and `eth_sign` carry the text (hex of its UTF-8, which Safe{Wallet}
 * decodes for the owners to read), the typed-data methods a JSON text of EIP-712 data.
 */
export function signedContent(method: string, params: unknown): string | TypedDataDefinition {
  if (!Array.isArray(params)) throw new Error(`${method}: params must be an array`)
  if (method === 'personal_sign' || method === 'eth_sign') {
    const raw = method === 'personal_sign' ? params[0] : params[1]
    if (typeof raw !== 'string') throw new Error(`${method}: the message must be a string`)
    return isHex(raw) ? hexToString(raw as Hex) : raw
  }
  const raw = params[1]
  const typedData = typeof raw === 'string' ? JSON.parse(raw) : raw
  if (
    typeof typedData !== 'object' ||
    typedData === null ||
    !('types' in typedData) ||
    !('domain' in typedData)
  )
    throw new Error(`${method}: the typed data must be an object with domain and types`)
  const { EIP712Domain: _, ...types } = (typedData as { types: Record<string, unknown> }).types
  return { ...(typedData as TypedDataDefinition), types } as TypedDataDefinition
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
