import { type AuthenticationStatus, RainbowKitAuthenticationProvider } from '@rainbow-me/rainbowkit'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslations } from 'use-intl'
import { type Address, isAddressEqual } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import { getAccount, getPublicClient, signMessage } from 'wagmi/actions'
import { createSignetAuthenticationAdapter } from '../auth/auth-adapter.ts'
import type { AuthApi, SignInSession } from '../auth/auth-api.ts'
import { readSafeOwnership, type SafeSessionNotice, safeSessionVerdict } from '../auth/safe-ownership.ts'
import { isFramed } from '../lib/framing.ts'
import { safeChainName } from '../safe-message-tracker/chain-name.ts'
import type { SafeSignInTracker } from '../safe-message-tracker/safe-sign-in-tracker.ts'
import { type KeyValueStorage, signInStores } from '../safe-message-tracker/stored-sign-in.ts'

export type SignInState = {
  status: AuthenticationStatus
  session?: SignInSession
  /** A Safe's session held from an owner's own wallet: that owner, once the Safe's chain confirmed it. */
  owner?: Address
  /** Why the last session ended, when the user would not guess it (until the next session starts). */
  endedBecause?: SafeSessionNotice
  signOut(): Promise<void>
  /**
   * Takes over a session the server opened another way than RainbowKit's dialog (signing in as a Safe
   * with its owners' signatures): the app then shows it, keeps it across reloads and ends it by the
   * same rules.
   */
  adoptSession(session: SignInSession): void
  /**
   * Closes RainbowKit's "Verify your account" dialog and leaves the wallet connected, not signed in
   * (the dialog's own Cancel disconnects). Its "Sign in" opens it again.
   */
  closeVerifyDialog(): void
  /** A sign-in as the connected Safe that waits for its message to be signed (loaded when needed). */
  safeAccountSignIn?: SafeSignInTracker
}

const SignInContext = createContext<SignInState | undefined>(undefined)

/** The dApp-side WalletConnect session's wallet (name and URL), when the connector is WalletConnect. */
async function walletConnectPeer(
  connector: { type: string; getProvider(): Promise<unknown> } | undefined,
): Promise<{ name: string; url: string } | undefined> {
  if (connector?.type !== 'walletConnect') return undefined
  const provider = (await connector.getProvider().catch(() => undefined)) as
    | { session?: { peer?: { metadata?: { name?: unknown; url?: unknown } } } }
    | undefined
  const metadata = provider?.session?.peer?.metadata
  return typeof metadata?.name === 'string'
    ? { name: metadata.name, url: typeof metadata.url === 'string' ? metadata.url : '' }
    : undefined
}

/** The sign-in state: loading (session being restored), unauthenticated, or authenticated. */
export function useSignIn(): SignInState {
  const state = useContext(SignInContext)
  if (!state) throw new Error('useSignIn must be used inside <SignInProvider>')
  return state
}

export type SignInProviderProps = {
  api: AuthApi
  appName: string
  /** The message's statement and resources when they are not Signet's own (signing in to an application). */
  message?: { statement: string; resources: string[] }
  /** The Safe Client Gateway a sign-in as a Safe watches (with the chain). */
  gatewayUrl: string
  /** Where a sign-in as the connected Safe is remembered: an application's apart from Signet's own (oidc/). */
  safeSignInStorage?: KeyValueStorage
  children: ReactNode
}

type Session = { status: AuthenticationStatus; session?: SignInSession; endedBecause?: SafeSessionNotice }

/**
 * Sign-In with Ethereum through RainbowKit's authentication flow ("Verify your account"), plus sessions
 * adopted from elsewhere. Restores the server session on load. A session belongs to the wallet's
 * account: it ends on disconnect and when the wallet shows another account — except a Safe's session
 * (`contract`), which stays while the Safe's chain confirms the wallet's account as one of its owners
 * (and ends when it cannot, saying why).
 */
export function SignInProvider({
  api,
  appName,
  message,
  gatewayUrl,
  safeSignInStorage = window.localStorage,
  children,
}: SignInProviderProps) {
  const t = useTranslations()
  const [state, setState] = useState<Session>({ status: 'loading' })
  const [confirmedOwner, setConfirmedOwner] = useState<{ session: SignInSession; owner: Address }>()
  const [closingDialog, setClosingDialog] = useState(false)
  const config = useConfig()
  const { address } = useAccount()
  const current = useRef(state)
  useEffect(() => {
    current.current = state
  }, [state])

  useEffect(() => {
    let live = true
    api
      .getSession()
      .then((session) => {
        if (live) setState(session ? { status: 'authenticated', session } : { status: 'unauthenticated' })
      })
      .catch((error) => {
        console.warn('[Signet] the session could not be restored:', error)
        if (live) setState({ status: 'unauthenticated' })
      })
    return () => {
      live = false
    }
  }, [api])

  const endSession = useCallback(
    async (endedBecause?: SafeSessionNotice) => {
      setState({ status: 'unauthenticated', ...(endedBecause ? { endedBecause } : {}) })
      await api.logout().catch((error) => console.warn('[Signet] sign-out failed:', error))
    },
    [api],
  )
  const signOut = useCallback(() => endSession(), [endSession])

  // Signing in as a connected Safe: its module is fetched when an account turns out to be a Safe, or
  // when a sign-in left waiting (a reload, a return days later) is in storage.
  const [safeAccountSignIn, setSafeAccountSignIn] = useState<SafeSignInTracker>()
  const safeAccountLoader = useRef<Promise<SafeSignInTracker> | undefined>(undefined)
  const chainName = useCallback((chainId: number) => safeChainName(t, config.chains, chainId), [config, t])
  const loadSafeAccountSignIn = useCallback(() => {
    safeAccountLoader.current ??= Promise.all([
      import('../safe-message-tracker/safe-sign-in-tracker.ts'),
      import('../safe-message-tracker/safe-sign-in-services.ts'),
    ]).then(([{ SafeSignInTracker }, { createSafeSignInServices }]) => {
      const services = createSafeSignInServices({
        gatewayUrl,
        wagmiConfig: config,
        appName,
        auth: api,
        storage: safeSignInStorage,
        // Signing in to an application: the Safe signs the application's statement, as an owner would.
        ...(message ? { application: message } : {}),
        onSignedIn: (session) => setState({ status: 'authenticated', session }),
      })
      const signIn = new SafeSignInTracker(services, signInStores.connected)
      setSafeAccountSignIn(signIn)
      return signIn
    })
    return safeAccountLoader.current
  }, [api, appName, message, config, gatewayUrl, safeSignInStorage])

  useEffect(() => {
    if (isFramed() || safeSignInStorage.getItem(signInStores.connected.key) === null) return
    void loadSafeAccountSignIn().then((signIn) => signIn.resume())
  }, [loadSafeAccountSignIn, safeSignInStorage])

  const takeOverForSafe = useCallback(
    async (request: { address: Address; chainId: number; nonce: string }) => {
      // Inside Safe{Wallet} the Safe App's own sign-in runs (src/safe-app).
      if (isFramed()) return false
      const client = getPublicClient(config, { chainId: request.chainId })
      if (!client) return false
      const { checkSafeAccount, isSafeWalletPeer } = await import('../safe-message-tracker/safe-account.ts')
      const check = await checkSafeAccount(client, request.address).catch(() => undefined)
      if (check?.kind === 'no-code') {
        // Safe{Wallet} over WalletConnect with no code at the address: a Safe not deployed yet, which
        // cannot sign; say so instead of asking for a signature nobody can verify.
        const peer = await walletConnectPeer(getAccount(config).connector)
        if (!peer || !isSafeWalletPeer(peer)) return false
        const [signIn, { safeNotDeployed }] = await Promise.all([
          loadSafeAccountSignIn(),
          import('../safe-message-tracker/safe-account-sign-in.ts'),
        ])
        setClosingDialog(true)
        safeNotDeployed(signIn, chainName(request.chainId))
        return true
      }
      if (check?.kind !== 'safe') return false
      const [signIn, { signInAsConnectedSafe }] = await Promise.all([
        loadSafeAccountSignIn(),
        import('../safe-message-tracker/safe-account-sign-in.ts'),
      ])
      setClosingDialog(true)
      void signInAsConnectedSafe(
        signIn,
        {
          safe: request.address,
          chainId: request.chainId,
          version: check.version,
          nonce: request.nonce,
          chainName: chainName(request.chainId),
        },
        (message) => signMessage(config, { account: request.address, message }),
      )
      return true
    },
    [config, chainName, loadSafeAccountSignIn],
  )

  const adapter = useMemo(
    () =>
      createSignetAuthenticationAdapter({
        api,
        appName,
        location: window.location,
        ...(message ? { message } : {}),
        onSignedIn: (session) => setState({ status: 'authenticated', session }),
        onWalletLeft: async () => {
          // Another account of a still connected wallet may own the Safe: the check below decides.
          const { session } = current.current
          if (session?.accountType === 'contract' && getAccount(config).isConnected) return
          await signOut()
        },
        takeOverForSafe,
      }),
    [api, appName, message, config, signOut, takeOverForSafe],
  )

  // The wallet's account must be the session's, or (Safe session) one of the Safe's owners.
  useEffect(() => {
    const session = state.status === 'authenticated' ? state.session : undefined
    if (!session || !address || isAddressEqual(address, session.address)) return
    if (session.accountType !== 'contract') {
      void signOut()
      return
    }
    let live = true
    const client = getPublicClient(config, { chainId: session.chainId })
    void readSafeOwnership(client, { safe: session.address, account: address }).then((ownership) => {
      if (!live) return
      const verdict = safeSessionVerdict(ownership, { safe: session.address, account: address })
      if (verdict.keep) {
        setConfirmedOwner({ session, owner: address })
        return
      }
      // Not an owner, or no way to tell (chain unreachable): the session fails closed.
      if (verdict.notice) console.warn('[Signet] Safe session ended, ownership unconfirmed:', verdict.notice)
      void endSession(verdict.notice)
    })
    return () => {
      live = false
    }
  }, [state, address, config, signOut, endSession])

  const adoptSession = useCallback((session: SignInSession) => {
    setState({ status: 'authenticated', session })
  }, [])

  // RainbowKit closes its modals when the status turns "unauthenticated": a one-render "loading" does it.
  const closeVerifyDialog = useCallback(() => setClosingDialog(true), [])
  useEffect(() => {
    if (closingDialog) setClosingDialog(false)
  }, [closingDialog])

  const owner =
    confirmedOwner &&
    confirmedOwner.session === state.session &&
    address &&
    isAddressEqual(confirmedOwner.owner, address)
      ? confirmedOwner.owner
      : undefined
  const value = useMemo<SignInState>(
    () => ({
      ...state,
      owner,
      signOut,
      adoptSession,
      closeVerifyDialog,
      ...(safeAccountSignIn ? { safeAccountSignIn } : {}),
    }),
    [state, owner, signOut, adoptSession, closeVerifyDialog, safeAccountSignIn],
  )
  const rainbowKitStatus = closingDialog && state.status === 'unauthenticated' ? 'loading' : state.status
  return (
    <SignInContext.Provider value={value}>
      <RainbowKitAuthenticationProvider adapter={adapter} status={rainbowKitStatus}>
        {children}
      </RainbowKitAuthenticationProvider>
    </SignInContext.Provider>
  )
}
