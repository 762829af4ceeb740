import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit'
import type { AuthApi, SignInSession } from './auth-api.ts'
import { createSignInMessage } from './sign-in-message.ts'
import { oopsText, signInNoticeStore } from './sign-in-notice.ts'
import { describeVerifyFailure } from './verify-failure.ts'

export type SignetAuthenticationAdapterParameters = {
  api: AuthApi
  appName: string
  location: Pick<Location, 'host' | 'origin'>
  onSignedIn(session: SignInSession): void
  /**
   * RainbowKit's signOut: the wallet disconnected, changed account or connector. What that ends is the
   * caller's decision (a Safe's session may stay with another of its owners).
   */
  onWalletLeft(): Promise<void>
}

/**
 * RainbowKit's authentication adapter wired to Signet's API. RainbowKit shows its own texts when
 * a step fails: getNonce throws → "Error preparing message, please retry!"; verify fails →
 * "Error verifying signature, please retry!". That last one is for a signed message the server
 * rejected only: when the check itself could not be made (RPC, network, rate limit, server error) the
 * dialog closes and {@link signInNoticeStore} says "Oops, something went wrong!" and why.
 */
export function createSignetAuthenticationAdapter(parameters: SignetAuthenticationAdapterParameters) {
  return createAuthenticationAdapter({
    async getNonce() {
      return (await parameters.api.getNonce()).nonce
    },
    createMessage({ nonce, address, chainId }) {
      // RainbowKit calls this when "Sign message" is clicked: a new attempt.
      signInNoticeStore.set(undefined)
      return createSignInMessage({
        address,
        chainId,
        nonce,
        appName: parameters.appName,
        location: parameters.location,
      })
    },
    async verify({ message, signature }) {
      let session: SignInSession
      try {
        session = await parameters.api.verify({ message, signature })
      } catch (error) {
        const failure = describeVerifyFailure(error)
        if (failure.kind === 'rejected') {
          console.warn('[Signet] the server rejected the sign-in:', error)
          return false
        }
        console.warn('[Signet] the sign-in could not be verified:', error)
        signInNoticeStore.set({ text: oopsText, reason: failure.reason })
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
