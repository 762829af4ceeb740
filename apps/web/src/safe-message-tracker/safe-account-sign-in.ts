import type { Address, Hex, PublicClient } from 'viem'
import { type AuthApi, AuthApiError, type SignInSession } from '../auth/auth-api.ts'
import type { HeldNonce } from '../safe-sign-in/pending-nonce-api.ts'
import { createSafeSignInMessage } from '../safe-sign-in/safe-sign-in-message.ts'
import { holdNonceAgain, isNonceGone } from './nonce-hold.ts'
import { pollDelayMs } from './poll-backoff.ts'
import { safeMessageHashOf } from './safe-message-hash.ts'
import { lookAtSafeMessage, type SafeMessageGateway, type SafeMessageLook } from './safe-message-watch.ts'
import { classifySafeWalletAnswer, type SafeWalletAnswer, safeWalletTexts } from './safe-wallet-answer.ts'
import {
  clearTrackedSignIn,
  type KeyValueStorage,
  loadTrackedSignIn,
  saveTrackedSignIn,
  type TrackedSafeSignIn,
} from './tracked-sign-in-storage.ts'

export type WaitingLook = Extract<SafeMessageLook, { state: 'waiting' }>

/** What the user sees of a sign-in as the connected Safe. */
export type SafeAccountSignInState =
  | { phase: 'idle' }
  | {
      phase: 'tracking'
      tracked: TrackedSafeSignIn
      /** The last look at the gateway and the chain. */
      look?: WaitingLook
      /** What the wallet answered, when it matters to the user. */
      wallet?: { asking: true } | { asking: false; answer: Exclude<SafeWalletAnswer, { kind: 'signature' }> }
      /** A passing problem (server unreachable…); looking goes on. */
      passingError?: string
    }
  | { phase: 'failed'; error: string }

export type SafeAccountSignInServices = {
  auth: Pick<AuthApi, 'verify'>
  holdNonce(message: string): Promise<HeldNonce>
  gateway(): Promise<SafeMessageGateway | undefined>
  chainClient(chainId: number): Pick<PublicClient, 'readContract'> | undefined
  chainName(chainId: number): string
  storage: KeyValueStorage
  appName: string
  location: Pick<Location, 'host' | 'origin'>
  onSignedIn(session: SignInSession): void
  now?: () => number
}

export const signInExpiredText =
  'This sign-in request has expired. Start again to sign a new message as the Safe.'

/**
 * Signing in as the connected Safe, whatever its wallet answers (Safe{Wallet} over WalletConnect, an
 * injected wallet that presents a Safe…): the sign-in message is built with a nonce the server holds for
 * days, its SafeMessage hash is computed as Safe{Wallet} computes it, and the gateway and the chain are
 * watched from before the wallet is asked. A signature that verifies signs in at once; anything else
 * (`0x`, a closed dialog, an expired request, silence) leaves the watch to sign in as soon as the gateway
 * has the prepared signature or the chain the approval. A reload resumes it; only {@link cancel} ends it
 * (or a nonce that is gone).
 *
 * @example
 * const signIn = new SafeAccountSignIn(services)
 * await signIn.start({ safe, chainId, version: '1.4.1', nonce }, (message) => signMessage(config, { message }))
 */
export class SafeAccountSignIn {
  #state: SafeAccountSignInState = { phase: 'idle' }
  readonly #listeners = new Set<() => void>()
  #generation = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  #attempt = 0
  #lastSubmitted = -1
  #looking = false

  constructor(private readonly services: SafeAccountSignInServices) {}

  getState = (): SafeAccountSignInState => this.#state

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Picks up a sign-in left in storage (a reload, a return days later): holds its nonce again, watches. */
  async resume(): Promise<void> {
    const tracked = loadTrackedSignIn(this.services.storage)
    if (!tracked || this.#state.phase === 'tracking') return
    const generation = ++this.#generation
    this.#set({ phase: 'tracking', tracked })
    if (this.#now() >= Date.parse(tracked.nonceExpiresAt)) return this.#fail(signInExpiredText)
    // The server may be down for a moment: the watch goes on with the nonce as it was.
    const again = await holdNonceAgain(this.services.holdNonce, tracked.message).catch(
      () => ({ kind: 'unreachable' }) as const,
    )
    if (generation !== this.#generation) return
    if (again.kind === 'gone') return this.#fail(signInExpiredText)
    if (again.kind === 'held') {
      const resumed = { ...tracked, nonceExpiresAt: again.expiresAt }
      saveTrackedSignIn(this.services.storage, resumed)
      this.#update({ tracked: resumed })
    }
    this.#watch(generation)
  }

  /**
   * Starts signing in as `safe` with the server's `nonce`: builds and holds the message, starts the
   * watch, then asks the wallet through `sign` (its answer is classified, never trusted to arrive).
   */
  async start(
    request: { safe: Address; chainId: number; version: string; nonce: string },
    sign: (message: string) => Promise<unknown>,
  ): Promise<void> {
    const generation = ++this.#generation
    clearTimeout(this.#timer)
    const now = this.#now()
    const message = createSafeSignInMessage({
      safe: request.safe,
      chainId: request.chainId,
      nonce: request.nonce,
      appName: this.services.appName,
      location: this.services.location,
      issuedAt: new Date(now),
    })
    let held: HeldNonce
    try {
      held = await this.services.holdNonce(message)
    } catch (error) {
      if (generation === this.#generation) {
        const reason = error instanceof Error ? error.message : String(error)
        this.#fail(`The sign-in as the Safe could not start: ${reason}`)
      }
      return
    }
    const tracked: TrackedSafeSignIn = {
      chainId: request.chainId,
      safe: request.safe,
      safeVersion: request.version,
      message,
      messageHash: safeMessageHashOf({
        safe: request.safe,
        chainId: request.chainId,
        version: request.version,
        text: message,
      }),
      nonceExpiresAt: new Date(held.expiresAt).toISOString(),
      startedAt: new Date(now).toISOString(),
    }
    saveTrackedSignIn(this.services.storage, tracked)
    this.#attempt = 0
    this.#lastSubmitted = -1
    this.#set({ phase: 'tracking', tracked, wallet: { asking: true } })
    this.#watch(generation)

    let answer: SafeWalletAnswer
    try {
      answer = classifySafeWalletAnswer({ result: await sign(message) }, this.#chainOf(tracked))
    } catch (error) {
      answer = classifySafeWalletAnswer({ error }, this.#chainOf(tracked))
    }
    if (generation !== this.#generation || this.#state.phase !== 'tracking') return
    if (answer.kind === 'signature') {
      const signedIn = await this.#verify(tracked, answer.signature, generation, false)
      if (signedIn) return
      // Not (yet) the Safe's signature: the gateway and the chain decide.
      this.#update({ wallet: undefined })
    } else {
      this.#update({ wallet: { asking: false, answer } })
    }
    this.#lookNow(generation)
  }

  /** The connected Safe has no code on this chain yet: nothing to sign with, say what to do. */
  notDeployed(chainId: number): void {
    this.#generation++
    clearTimeout(this.#timer)
    this.#set({ phase: 'failed', error: safeWalletTexts.notDeployed(this.services.chainName(chainId)) })
  }

  /** The user's own "Cancel": the only way a tracked sign-in ends without a session. */
  cancel(): void {
    this.#generation++
    clearTimeout(this.#timer)
    clearTrackedSignIn(this.services.storage)
    this.#set({ phase: 'idle' })
  }

  /** Looks again at once (the tab became visible again). */
  lookNow(): void {
    this.#attempt = 0
    this.#lookNow(this.#generation)
  }

  #watch(generation: number): void {
    this.#lookNow(generation)
  }

  #lookNow(generation: number): void {
    clearTimeout(this.#timer)
    void this.#look(generation)
  }

  async #look(generation: number): Promise<void> {
    if (this.#looking || generation !== this.#generation || this.#state.phase !== 'tracking') return
    this.#looking = true
    const { tracked } = this.#state
    try {
      if (this.#now() >= Date.parse(tracked.nonceExpiresAt)) return this.#fail(signInExpiredText)
      const gateway = await this.services.gateway()
      const chain = this.services.chainClient(tracked.chainId)
      const look = await lookAtSafeMessage(
        { ...(gateway ? { gateway } : {}), ...(chain ? { chain } : {}) },
        { chainId: tracked.chainId, safe: tracked.safe, messageHash: tracked.messageHash },
      )
      if (generation !== this.#generation) return
      if (look.state === 'signed') {
        if (await this.#verify(tracked, look.signature, generation, true)) return
      } else {
        if (look.submitted !== this.#lastSubmitted) {
          this.#lastSubmitted = look.submitted
          this.#attempt = 0
        }
        this.#update({ look, passingError: look.problems.length > 0 ? look.problems.join('; ') : undefined })
      }
    } finally {
      this.#looking = false
    }
    if (generation === this.#generation && this.#state.phase === 'tracking') {
      this.#timer = setTimeout(() => void this.#look(generation), pollDelayMs(this.#attempt++))
    }
  }

  /** Signs in with a signature; true when the session is open. `final`: a refusal ends the sign-in. */
  async #verify(
    tracked: TrackedSafeSignIn,
    signature: Hex,
    generation: number,
    final: boolean,
  ): Promise<boolean> {
    try {
      const session = await this.services.auth.verify({ message: tracked.message, signature })
      if (generation !== this.#generation) return true
      this.#generation++
      clearTimeout(this.#timer)
      clearTrackedSignIn(this.services.storage)
      this.#set({ phase: 'idle' })
      this.services.onSignedIn(session)
      return true
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error
      if (error.status === 0 || error.status >= 500) {
        this.#update({ passingError: `The sign-in service is not available right now: ${error.message}` })
        return false
      }
      if (isNonceGone(error)) {
        this.#fail(signInExpiredText)
        return true
      }
      if (final) {
        this.#fail(`The sign-in server did not accept the Safe’s signature: ${error.message}`)
        return true
      }
      return false
    }
  }

  #fail(error: string): void {
    this.#generation++
    clearTimeout(this.#timer)
    clearTrackedSignIn(this.services.storage)
    this.#set({ phase: 'failed', error })
  }

  #chainOf(tracked: TrackedSafeSignIn) {
    return { chainId: tracked.chainId, chainName: this.services.chainName(tracked.chainId) }
  }

  #update(change: Partial<Extract<SafeAccountSignInState, { phase: 'tracking' }>>): void {
    if (this.#state.phase !== 'tracking') return
    this.#set({ ...this.#state, ...change })
  }

  #set(state: SafeAccountSignInState): void {
    this.#state = state
    for (const listener of this.#listeners) listener()
  }

  #now(): number {
    return this.services.now?.() ?? Date.now()
  }
}
