import type { Address, Hex } from 'viem'
import { type AuthApi, AuthApiError, type SignInSession } from '../auth/auth-api.ts'
import { holdNonceAgain, isNonceGone } from './nonce-hold.ts'
import { type BackoffSettings, type Poller, startPolling } from './poll-backoff.ts'
import { safeMessageHashOf } from './safe-message-hash.ts'
import {
  lookAtSafeMessage,
  type SafeMessageGateway,
  type SafeMessageLook,
  textOf,
} from './safe-message-watch.ts'
import {
  errorText,
  gatewayFailure,
  isFinal,
  SafeSignInError,
  type SafeSignInErrorCode,
  signingTimeoutText,
} from './safe-sign-in-error.ts'
import { createSafeSignInMessage } from './safe-sign-in-message.ts'
import type { SafeSignInServices } from './safe-sign-in-services.ts'
import type { SafeWalletAnswer } from './safe-wallet-answer.ts'
import type { SignInStore, StoredSafeSignIn } from './stored-sign-in.ts'

export type WaitingLook = Extract<SafeMessageLook, { state: 'waiting' }>
/** What the Safe's wallet answered, when it is not a signature (only the connected-Safe path asks one). */
export type WalletAnswerShown = Exclude<SafeWalletAnswer, { kind: 'signature' }>

/** Where one sign-in as a Safe stands, whichever way it started. */
export type SafeSignInState<Extra extends object = object> =
  | { phase: 'idle' }
  /** The caller prepares the message (reads the Safe, asks the owner's wallet, proposes it…). */
  | { phase: 'starting'; chainId: number; safe: Address }
  | {
      phase: 'tracking'
      tracked: StoredSafeSignIn & Extra
      /** The last look at the gateway and the chain. */
      look?: WaitingLook
      wallet?: { asking: true } | { asking: false; answer: WalletAnswerShown }
      /** Passing problems (gateway, chain or server unreachable…), worded by `safeSignInErrorText`; looking goes on. */
      passingError?: SafeSignInError[]
      /** The Safe transaction the host proposed instead of a message (the Safe App), as the host last saw it. */
      transaction?: SafeTransactionLook
    }
  | { phase: 'signed-in'; session: SignInSession }
  /** `error` is worded by `safeSignInErrorText` (a {@link SafeSignInError} keeps its code). */
  | { phase: 'failed'; error: unknown; code?: SafeSignInErrorCode }

/** A Safe transaction that signs the message on chain, as its host reports it. */
export type SafeTransactionLook = {
  safeTxHash: Hex
  status: string
  submitted?: number
  required?: number
  txHash?: Hex
}

/**
 * What the Safe's host (Safe{Wallet}, for the Safe App) knows beside the gateway and the chain: a signature
 * it hands out, the Safe transaction it follows, or that this transaction failed (final).
 */
export type HostLook =
  | { state: 'signed'; signature: Hex }
  | { state: 'transaction'; transaction: SafeTransactionLook }
  | { state: 'failed'; error: SafeSignInError }
  | { state: 'nothing' }

export type SafeSignInTrackerOptions<Extra extends object> = {
  /** Checked at every look (an owner's Safe must keep its owners); a final error ends the sign-in. */
  check?: (tracked: StoredSafeSignIn & Extra) => Promise<void>
  /** One more place to look at every look: the host (the Safe App's Safe{Wallet}). */
  watchHost?: (tracked: StoredSafeSignIn & Extra) => Promise<HostLook>
  /** How often to look (default: the back-off for co-owners, `confirmationBackoff`). */
  schedule?: BackoffSettings
}

/** The tracker's part of {@link SafeSignInServices}: it only reads the gateway's message. */
export type SafeSignInTrackerServices = Omit<SafeSignInServices, 'gateway' | 'auth'> & {
  gateway?: SafeMessageGateway
  auth: Pick<AuthApi, 'verify'>
}

/**
 * Builds the sign-in message with the server's `nonce` (or takes `message`, made elsewhere with such a
 * nonce), holds the nonce and hashes it (not watched yet).
 */
export type HoldMessage<Extra extends object> = (
  request: { version: string; extra: Extra } & ({ nonce: string } | { message: string }),
) => Promise<StoredSafeSignIn & Extra>

/**
 * The one job behind every sign-in as a Safe: the EIP-4361 message with a nonce the server holds for
 * days, its SafeMessage hash, the watch of the gateway and the chain with back-off, resuming after a
 * reload (one store per kind), the progress, the time limit (the nonce's), the errors, and the final
 * `/api/auth/verify`. A caller supplies only how the signature is asked for: `prepare` (an owner signs and
 * proposes the message) and/or `ask` (the connected Safe's wallet is asked, its answer never trusted to
 * arrive). Only {@link cancel}, a final error or a session end it.
 *
 * @example
 * const tracker = new SafeSignInTracker(services, signInStores.connected)
 * await tracker.start({ safe, chainId }, (hold) => hold({ version, nonce, extra: {} }), ask)
 */
export class SafeSignInTracker<Extra extends object = object> {
  #state: SafeSignInState<Extra> = { phase: 'idle' }
  readonly #listeners = new Set<() => void>()
  #generation = 0
  #poller: Poller | undefined
  #lastSubmitted = -1

  constructor(
    private readonly services: SafeSignInTrackerServices,
    private readonly store: SignInStore<Extra>,
    private readonly options: SafeSignInTrackerOptions<Extra> = {},
  ) {}

  getState = (): SafeSignInState<Extra> => this.#state

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Picks up a sign-in left in storage (a reload, a return days later): holds its nonce again, watches. */
  async resume(): Promise<void> {
    const tracked = this.store.load(this.services.storage)
    if (!tracked || this.#state.phase === 'tracking') return
    const generation = this.#begin()
    this.#set({ phase: 'tracking', tracked })
    if (this.#expired(tracked)) return
    // The server may be down for a moment: the watch goes on with the nonce as it was.
    const again = await holdNonceAgain(this.services.holdNonce, tracked.message).catch(
      () => ({ kind: 'unreachable' }) as const,
    )
    if (generation !== this.#generation) return
    if (again.kind === 'gone') return this.fail(this.#expiredError())
    if (again.kind === 'held') {
      const resumed = { ...tracked, nonceExpiresAt: again.expiresAt }
      this.store.save(this.services.storage, resumed)
      this.#update({ tracked: resumed })
    }
    this.#watch(generation)
  }

  /**
   * Starts signing in as `target.safe`: `prepare` gets the message built and held through `hold` (and may
   * have it signed before it is watched); then the watch starts and, with `ask`, the wallet is asked.
   * Whatever `prepare` throws ends the sign-in with its text.
   */
  async start(
    target: { safe: Address; chainId: number },
    prepare: (hold: HoldMessage<Extra>) => Promise<StoredSafeSignIn & Extra>,
    ask?: (message: string) => Promise<SafeWalletAnswer>,
  ): Promise<void> {
    const generation = this.#begin()
    this.#set({ phase: 'starting', chainId: target.chainId, safe: target.safe })
    let tracked: StoredSafeSignIn & Extra
    try {
      tracked = await prepare((request) => this.#hold(target, request))
    } catch (error) {
      if (generation === this.#generation) this.fail(error)
      return
    }
    if (generation !== this.#generation) return
    this.store.save(this.services.storage, tracked)
    this.#set({ phase: 'tracking', tracked, ...(ask ? { wallet: { asking: true } } : {}) })
    this.#watch(generation)
    if (!ask) return

    const answer = await ask(tracked.message)
    if (generation !== this.#generation || this.#state.phase !== 'tracking') return
    if (answer.kind === 'signature') {
      if (await this.#verify(tracked, answer.signature, generation, false)) return
      // Not (yet) the Safe's signature: the gateway and the chain decide.
      this.#update({ wallet: undefined })
    } else {
      this.#update({ wallet: { asking: false, answer } })
    }
    this.#poller?.now()
  }

  /** Ends the sign-in with `error`'s text (a {@link SafeSignInError} keeps its code). */
  fail(error: unknown): void {
    this.#end({
      phase: 'failed',
      error,
      ...(error instanceof SafeSignInError ? { code: error.code } : {}),
    })
  }

  /** The user's own "Cancel" (or "Dismiss"): the only way a tracked sign-in ends without a session. */
  cancel(): void {
    this.#end({ phase: 'idle' })
  }

  /** Stops watching without ending the sign-in (the page that showed it is gone); storage keeps it. */
  stop(): void {
    this.#begin()
    this.#set({ phase: 'idle' })
  }

  /** Adds what the asking learnt (the Safe App's host proposed a Safe transaction…): kept, looked at at once. */
  amend(change: Partial<Extra>): void {
    if (this.#state.phase !== 'tracking') return
    const tracked = { ...this.#state.tracked, ...change }
    this.store.save(this.services.storage, tracked)
    this.#update({ tracked })
    this.#poller?.now()
  }

  /** A signature the asking got: signs in when it verifies, else the watch goes on. */
  async offer(signature: Hex): Promise<void> {
    if (this.#state.phase !== 'tracking') return
    const generation = this.#generation
    if (!(await this.#verify(this.#state.tracked, signature, generation, false))) this.#poller?.now()
  }

  /** Looks again at once (the tab became visible again). */
  lookNow(): void {
    this.#poller?.now()
  }

  async #hold(
    target: { safe: Address; chainId: number },
    request: Parameters<HoldMessage<Extra>>[0],
  ): Promise<StoredSafeSignIn & Extra> {
    const now = this.#now()
    const { application } = this.services
    const { safe, chainId } = target
    const message =
      'message' in request
        ? request.message
        : createSafeSignInMessage({
            safe,
            chainId,
            nonce: request.nonce,
            appName: this.services.appName,
            location: this.services.location,
            issuedAt: new Date(now),
            ...(application ? { application } : {}),
          })
    const held = await this.services.holdNonce(message)
    return {
      chainId,
      safe,
      safeVersion: request.version,
      message,
      messageHash: safeMessageHashOf({ safe, chainId, version: request.version, text: message }),
      nonceExpiresAt: new Date(held.expiresAt).toISOString(),
      startedAt: new Date(now).toISOString(),
      ...request.extra,
    }
  }

  #watch(generation: number): void {
    this.#lastSubmitted = -1
    this.#poller = startPolling(async () => {
      if (generation !== this.#generation || this.#state.phase !== 'tracking') return 'stop'
      return this.#look(this.#state.tracked, generation)
    }, this.options.schedule)
  }

  async #look(tracked: StoredSafeSignIn & Extra, generation: number): Promise<'stop' | 'moved' | 'same'> {
    if (this.#expired(tracked)) return 'stop'
    const chain = this.services.chainClient(tracked.chainId)
    const { gateway } = this.services
    let look: SafeMessageLook
    let host: HostLook | undefined
    try {
      ;[look, , host] = await Promise.all([
        lookAtSafeMessage(
          { ...(gateway ? { gateway } : {}), ...(chain ? { chain } : {}) },
          { chainId: tracked.chainId, safe: tracked.safe, messageHash: tracked.messageHash },
        ),
        this.options.check?.(tracked),
        // The host not answering is no news: the gateway and the chain still count.
        this.options.watchHost?.(tracked).catch((): HostLook => ({ state: 'nothing' })),
      ])
    } catch (error) {
      if (generation !== this.#generation) return 'stop'
      if (isFinal(error)) {
        this.fail(error)
        return 'stop'
      }
      this.#update({ passingError: [passingFailure(error)] })
      return 'same'
    }
    if (generation !== this.#generation) return 'stop'
    if (look.state === 'signed') {
      return (await this.#verify(tracked, look.signature, generation, true)) ? 'stop' : 'same'
    }
    if (host?.state === 'failed') {
      this.fail(host.error)
      return 'stop'
    }
    if (host?.state === 'signed') {
      return (await this.#verify(tracked, host.signature, generation, true)) ? 'stop' : 'same'
    }
    const submitted = host?.state === 'transaction' ? (host.transaction.submitted ?? 0) : look.submitted
    const moved = submitted !== this.#lastSubmitted
    this.#lastSubmitted = submitted
    this.#update({
      look,
      passingError: passingProblems(look),
      ...(host?.state === 'transaction' ? { transaction: host.transaction } : {}),
    })
    return moved ? 'moved' : 'same'
  }

  /** Signs in with a signature; true when the sign-in is over. `final`: a refusal ends the sign-in. */
  async #verify(
    tracked: StoredSafeSignIn & Extra,
    signature: Hex,
    generation: number,
    final: boolean,
  ): Promise<boolean> {
    try {
      const session = await this.services.auth.verify({ message: tracked.message, signature })
      if (generation !== this.#generation) return true
      this.#end({ phase: 'signed-in', session })
      this.services.onSignedIn?.(session)
      return true
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error
      if (error.status === 0 || error.status >= 500) {
        const unavailable = new SafeSignInError(
          'SIGN_IN_UNAVAILABLE',
          { key: 'serviceUnavailable', values: { reason: error.message } },
          { cause: error },
        )
        this.#update({ passingError: [unavailable] })
        return false
      }
      if (isNonceGone(error)) {
        this.fail(this.#expiredError())
        return true
      }
      if (!final) return false
      const refused = { key: 'signatureRefused', values: { reason: error.message } } as const
      this.fail(new SafeSignInError('SIGN_IN_REFUSED', refused, { cause: error }))
      return true
    }
  }

  #expired(tracked: StoredSafeSignIn): boolean {
    if (this.#now() < Date.parse(tracked.nonceExpiresAt)) return false
    this.fail(this.#expiredError())
    return true
  }

  #expiredError(): SafeSignInError {
    if (this.#state.phase === 'tracking' && this.store.kind === 'safeApp') {
      const { tracked } = this.#state
      const lifetime = Date.parse(tracked.nonceExpiresAt) - Date.parse(tracked.startedAt)
      return new SafeSignInError('SAFE_SIGNING_TIMEOUT', signingTimeoutText(lifetime))
    }
    const key = this.store.kind === 'owner' ? 'signInExpiredOwner' : 'signInExpiredConnected'
    return new SafeSignInError('SIGN_IN_EXPIRED', { key })
  }

  /** A new sign-in (or the end of one): whatever was running stops. */
  #begin(): number {
    this.#poller?.stop()
    this.#poller = undefined
    return ++this.#generation
  }

  #end(state: SafeSignInState<Extra>): void {
    this.#begin()
    this.store.clear(this.services.storage)
    this.#set(state)
  }

  #update(change: Partial<Extract<SafeSignInState<Extra>, { phase: 'tracking' }>>): void {
    if (this.#state.phase !== 'tracking') return
    this.#set({ ...this.#state, ...change })
  }

  #set(state: SafeSignInState<Extra>): void {
    this.#state = state
    for (const listener of this.#listeners) listener()
  }

  #now(): number {
    return this.services.now?.() ?? Date.now()
  }
}

/** Why the last look could not ask the gateway or the chain. */
function passingProblems(look: WaitingLook): SafeSignInError[] | undefined {
  const problems: SafeSignInError[] = []
  if (look.gatewayError !== undefined) problems.push(gatewayFailure(look.gatewayError))
  if (look.chainError !== undefined)
    problems.push(
      new SafeSignInError(
        'CHAIN_UNREACHABLE',
        { key: 'chainUnreachable', values: { reason: textOf(look.chainError) } },
        { cause: look.chainError },
      ),
    )
  return problems.length > 0 ? problems : undefined
}

/** A failure while looking that is not final: a {@link SafeSignInError} as it is, anything else quoted. */
function passingFailure(error: unknown): SafeSignInError {
  return error instanceof SafeSignInError ? error : new SafeSignInError('GATEWAY_ERROR', errorText(error))
}
