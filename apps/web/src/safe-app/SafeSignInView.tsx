import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useSignMessage } from 'wagmi'
import type { SafeAppSession } from './safe-app-session.ts'
import { SafeSigningProgressView } from './SafeSigningProgressView.tsx'
import {
  readSession,
  SafeSignInError,
  type SignetSession,
  type SignInStep,
  signInErrorText,
  signInWithSafe,
  signOut,
} from './safe-sign-in-api.ts'
import { safeSigningProgress } from './safe-signing-progress.ts'

type ViewState =
  | { status: 'checking' }
  | { status: 'idle'; error?: { text: string; detail?: string } }
  | { status: SignInStep }
  | { status: 'signed-in'; session: SignetSession }

/**
 * Sign in as the Safe from inside Safe{Wallet}: the verify view, the owners' progress while the Safe
 * signs, and the session, which lives in a partitioned cookie so it holds inside the host's frame.
 */
export function SafeSignInView({ session, appName }: { session: SafeAppSession; appName: string }) {
  const { info } = session
  const [state, setState] = useState<ViewState>({ status: 'checking' })
  const progress = useSyncExternalStore(safeSigningProgress.subscribe, safeSigningProgress.get)
  const { signMessageAsync } = useSignMessage()
  const addRecentTransaction = useAddRecentTransaction()
  const tracked = useRef(new Set<string>())

  useEffect(() => {
    let live = true
    readSession()
      .then((current) => {
        if (!live) return
        const mine = current && current.address.toLowerCase() === info.safeAddress.toLowerCase()
        setState(mine ? { status: 'signed-in', session: current } : { status: 'idle' })
      })
      .catch(() => live && setState({ status: 'idle' }))
    return () => {
      live = false
    }
  }, [info.safeAddress])

  // The profile's recent transactions follow the Safe transaction by its safeTxHash.
  useEffect(() => {
    if (progress.stage !== 'transaction' || tracked.current.has(progress.safeTxHash)) return
    tracked.current.add(progress.safeTxHash)
    addRecentTransaction({ hash: progress.safeTxHash, description: 'Sign-in message signed on-chain by the Safe' })
  }, [progress, addRecentTransaction])

  async function signIn() {
    try {
      const signed = await signInWithSafe({
        address: info.safeAddress,
        chainId: info.chainId,
        appName,
        sign: (message) => signMessageAsync({ account: info.safeAddress, message }),
        onStep: (step) => setState({ status: step }),
      })
      setState({ status: 'signed-in', session: signed })
    } catch (error) {
      const step = error instanceof SafeSignInError ? error.step : 'other'
      setState({ status: 'idle', error: { text: signInErrorText[step], detail: (error as Error).message } })
    }
  }

  async function leave() {
    await signOut().catch(() => undefined)
    safeSigningProgress.set({ stage: 'idle' })
    setState({ status: 'idle' })
  }

  return (
    <section className="safe-app__section" aria-labelledby="safe-sign-in-title">
      <h3 id="safe-sign-in-title">Sign in as this Safe</h3>
      {state.status === 'checking' && <p>Checking for a session…</p>}
      {state.status === 'idle' && (
        <>
          <p>
            Sign a Sign-In with Ethereum message as the Safe. Safe{'{Wallet}'} asks its owners; {info.threshold} of{' '}
            {info.owners.length} must confirm.
          </p>
          {state.error && (
            <div className="notice notice--warning" role="alert" data-testid="safe-sign-in-error">
              <p>{state.error.text}</p>
              {state.error.detail && <p className="safe-app__detail">{state.error.detail}</p>}
            </div>
          )}
          <button type="button" onClick={() => void signIn()}>
            {state.error ? 'Retry' : 'Sign in as this Safe'}
          </button>
        </>
      )}
      {state.status === 'preparing' && <p role="status">Preparing message…</p>}
      {state.status === 'signing' && (
        <>
          <p role="status">Waiting for the Safe's signature…</p>
          <SafeSigningProgressView progress={progress} />
        </>
      )}
      {state.status === 'verifying' && <p role="status">Verifying signature…</p>}
      {state.status === 'signed-in' && (
        <div className="notice" data-testid="safe-session">
          <p>
            Signed in as <strong>{state.session.address}</strong> ({state.session.accountType} account, chain{' '}
            {state.session.chainId}) until {new Date(state.session.expiresAt).toLocaleString()}.
          </p>
          <button type="button" onClick={() => void leave()}>
            Sign out
          </button>
        </div>
      )}
    </section>
  )
}
