import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit'
import type { Address } from 'viem'
import type { AuthApi, SignInSession } from './auth-api.ts'
import { createSignInMessage } from './sign-in-message.ts'
import { signInNoticeStore } from './sign-in-notice.ts'
import { describeVerifyFailure } from './verify-failure.ts'

export type SignetAuthenticationAdapterParameters = {
  api: AuthApi
  appName: string
  location: Pick<Location, 'host' | 'origin'>
  /** The message's statement and resources when they are not Signet's own (sign-in-message.ts). */
  message?: { statement: string; resources: string[] }
  onSignedIn(session: SignInSession): void
  /**
   * RainbowKit's signOut: the wallet disconnected, changed account or connector. What that ends is the
   * caller's decision (a Safe's session may stay with another of its owners).
   */
  onWalletLeft(): Promise<void>
  /**
   * Called before the message is made: when the account is a Safe, the Safe sign-in takes over (it
   * asks the wallet itself and watches the gateway and the chain) and answers true.
   */
  takeOverForSafe?(request: { address: Address; chainId: number; nonce: string }): Promise<boolean>
}

/**
 * RainbowKit's authentication adapter wired to Signet's API. RainbowKit shows its own texts when
 * a step fails: getNonce throws → "Error preparing message, please retry!"; verify fails →
 * "Error verifying signature, please retry!". That last one is for a signed message the server
 * rejected only: when the check itself could not be made (RPC, network, rate limit, server error) the
 * dialog closes and {@link signInNoticeStore} says "Oops, something went wrong!" and why.
 */
export function createSignetAuthenticationAdapter(parameters: SignetAuthenticationAdapterParameters) {
  // RainbowKit fetches one nonce when its dialog mounts and signs every retry with it. A nonce that
  // expired while the dialog stayed open, or that the server called invalid, is swapped for a fresh one.
  const nonces = new NonceBook(parameters.api)
  const message = (nonce: string, address: Address, chainId: number) =>
    createSignInMessage({
      address,
      chainId,
      nonce,
      appName: parameters.appName,
      location: parameters.location,
      ...(parameters.message ?? {}),
    })
  return createAuthenticationAdapter({
    getNonce: () => nonces.fetch(),
    async createMessage({ nonce, address, chainId }) {
      // RainbowKit calls this when "Sign message" is clicked: a new attempt.
      signInNoticeStore.set(undefined)
      const usable = nonces.usable(nonce) ? nonce : await nonces.fetch()
      if (await parameters.takeOverForSafe?.({ address, chainId, nonce: usable })) {
        // The Safe sign-in asks the wallet and closes this dialog: RainbowKit's own request never starts.
        return new Promise<string>(() => undefined)
      }
      return message(usable, address, chainId)
    },
    async verify({ message, signature }) {
      let session: SignInSession
      try {
        session = await parameters.api.verify({ message, signature })
      } catch (error) {
        const failure = describeVerifyFailure(error)
        if (failure.kind === 'rejected') {
          console.warn('[Signet] the server rejected the sign-in:', error)
          if (failure.code === 'invalid_nonce') nonces.discard(nonceOf(message))
          return false
        }
        console.warn('[Signet] the sign-in could not be verified:', error)
        signInNoticeStore.set({ reason: failure.reason })
        // RainbowKit would say "Error verifying signature" for any false or throw; true only closes its
        // dialog (the status stays unauthenticated), leaving the notice to tell what happened.
        return true
      }
      signInNoticeStore.set(undefined)
      parameters.onSignedIn(session)
      return true
    },
    signOut() {
      return parameters.onWalletLeft()
    },
  })
}

/** Nonces this page was given, with their expiry; one RainbowKit holds past it is not signed again. */
class NonceBook {
  private readonly expiries = new Map<string, number>()
  private readonly discarded = new Set<string>()
  constructor(private readonly api: Pick<AuthApi, 'getNonce'>) {}

  async fetch(): Promise<string> {
    const { nonce, expiresAt } = await this.api.getNonce()
    this.expiries.set(nonce, Date.parse(expiresAt))
    return nonce
  }

  /** Known and with time left for the wallet's prompt (a nonce from elsewhere is left to the server). */
  usable(nonce: string): boolean {
    const expiry = this.expiries.get(nonce)
    if (expiry === undefined) return !this.discarded.has(nonce)
    return expiry - Date.now() > nonceMarginMs
  }

  discard(nonce: string | undefined): void {
    if (nonce === undefined) return
    this.expiries.delete(nonce)
    this.discarded.add(nonce)
  }
}

/** Time a wallet prompt may take: a nonce closer than this to its expiry is replaced before signing. */
const nonceMarginMs = 30_000

function nonceOf(message: string): string | undefined {
  return /^Nonce: (\S+)$/m.exec(message)?.[1]
}
