import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit'
import type { AuthApi, SignInSession } from './auth-api.ts'
import { createSignInMessage } from './sign-in-message.ts'

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
 * "Error verifying signature, please retry!".
 */
export function createSignetAuthenticationAdapter(parameters: SignetAuthenticationAdapterParameters) {
  return createAuthenticationAdapter({
    async getNonce() {
      return (await parameters.api.getNonce()).nonce
    },
    createMessage({ nonce, address, chainId }) {
      return createSignInMessage({
        address,
        chainId,
        nonce,
        appName: parameters.appName,
        location: parameters.location,
      })
    },
    async verify({ message, signature }) {
      try {
        parameters.onSignedIn(await parameters.api.verify({ message, signature }))
        return true
      } catch (error) {
        console.warn('[Signet] sign-in was not verified:', error)
        return false
      }
    },
    signOut() {
      return parameters.onWalletLeft()
    },
  })
}
