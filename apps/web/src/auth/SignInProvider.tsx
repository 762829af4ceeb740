import { type AuthenticationStatus, RainbowKitAuthenticationProvider } from '@rainbow-me/rainbowkit'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { isAddressEqual } from 'viem'
import { useAccount } from 'wagmi'
import { createSignetAuthenticationAdapter } from './auth-adapter.ts'
import type { AuthApi, SignInSession } from './auth-api.ts'

export type SignInState = {
  status: AuthenticationStatus
  session?: SignInSession
  signOut(): Promise<void>
}

const SignInContext = createContext<SignInState | undefined>(undefined)

/** The sign-in state: loading (session being restored), unauthenticated, or authenticated. */
export function useSignIn(): SignInState {
  const state = useContext(SignInContext)
  if (!state) throw new Error('useSignIn must be used inside <SignInProvider>')
  return state
}

export type SignInProviderProps = { api: AuthApi; appName: string; children: ReactNode }

/**
 * Sign-In with Ethereum through RainbowKit's authentication flow ("Verify your account"). Restores
 * the server session on load; RainbowKit signs out on disconnect and on an account change of the
 * connector, and a restored session for another address than the wallet's is ended here.
 */
export function SignInProvider({ api, appName, children }: SignInProviderProps) {
  const [state, setState] = useState<{ status: AuthenticationStatus; session?: SignInSession }>({
    status: 'loading',
  })
  const { address } = useAccount()

  useEffect(() => {
    let current = true
    api
      .getSession()
      .then((session) => {
        if (current) setState(session ? { status: 'authenticated', session } : { status: 'unauthenticated' })
      })
      .catch((error) => {
        console.warn('[Signet] the session could not be restored:', error)
        if (current) setState({ status: 'unauthenticated' })
      })
    return () => {
      current = false
    }
  }, [api])

  const adapter = useMemo(
    () =>
      createSignetAuthenticationAdapter({
        api,
        appName,
        location: window.location,
        onSignedIn: (session) => setState({ status: 'authenticated', session }),
        onSignedOut: () => setState({ status: 'unauthenticated' }),
      }),
    [api, appName],
  )

  const signOut = useCallback(() => adapter.signOut(), [adapter])

  // A session belongs to one address: the wallet showing another one ends it.
  useEffect(() => {
    if (
      state.status === 'authenticated' &&
      state.session &&
      address &&
      !isAddressEqual(address, state.session.address)
    ) {
      void signOut()
    }
  }, [address, state, signOut])

  const value = useMemo<SignInState>(() => ({ ...state, signOut }), [state, signOut])
  return (
    <SignInContext.Provider value={value}>
      <RainbowKitAuthenticationProvider adapter={adapter} status={state.status}>
        {children}
      </RainbowKitAuthenticationProvider>
    </SignInContext.Provider>
  )
}
