import { useCallback, useEffect, useRef, useState } from 'react'
import type { Address } from 'viem'
import type { SignInSession } from '../auth/auth-api.ts'
import { pollDelayMs } from '../safe-message-tracker/poll-backoff.ts'
import type { OwnerSigner } from './owner-signature.ts'
import { clearPendingSignIn, loadPendingSignIn, type PendingSafeSignIn } from './pending-sign-in-storage.ts'
import { SafeSignInError } from './safe-sign-in-errors.ts'
import {
  checkPendingSignIn,
  resumeSafeSignIn,
  type SafeSignInServices,
  type SignInProgress,
  startSafeSignIn,
} from './safe-sign-in-flow.ts'

export type WaitingProgress = Extract<SignInProgress, { state: 'waiting' }>

export type SafeSignInState =
  | { phase: 'idle' }
  | { phase: 'starting'; chainId: number; safe: Address }
  | {
      phase: 'pending'
      pending: PendingSafeSignIn
      progress?: WaitingProgress
      /** The last look failed for a passing reason (gateway unreachable…); polling goes on. */
      passingError?: string
    }
  | { phase: 'signed-in'; session: SignInSession }
  | { phase: 'failed'; error: string; code?: string }

// These end a pending sign-in; anything else (gateway or server unreachable) is tried again later.
const finalCodes = new Set(['OWNERS_CHANGED', 'SIGN_IN_EXPIRED', 'SIGN_IN_REFUSED'])

/**
 * The owner's side of signing in as a Safe: start, follow the confirmations with back-off (a new
 * confirmation restarts the schedule; coming back to the tab looks at once), sign in when confirmed.
 * A pending sign-in found in storage is resumed.
 */
export function useSafeSignIn(services: SafeSignInServices) {
  const [state, setState] = useState<SafeSignInState>(() => {
    const pending = loadPendingSignIn(services.storage)
    return pending ? { phase: 'pending', pending } : { phase: 'idle' }
  })
  // A pending sign-in read from storage asks the server to keep holding its nonce before polling.
  const needsResume = useRef(state.phase === 'pending')
  const pendingRef = useRef<PendingSafeSignIn | undefined>(
    state.phase === 'pending' ? state.pending : undefined,
  )
  const pendingKey = state.phase === 'pending' ? state.pending.messageHash : undefined

  useEffect(() => {
    if (!pendingKey) return
    let stopped = false
    let running = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    let lastSubmitted = -1

    const fail = (error: unknown) => {
      const text = error instanceof Error ? error.message : String(error)
      setState({
        phase: 'failed',
        error: text,
        code: error instanceof SafeSignInError ? error.code : undefined,
      })
    }
    const look = async () => {
      if (stopped || running) return
      running = true
      clearTimeout(timer)
      try {
        let pending = pendingRef.current
        if (!pending) return
        if (needsResume.current) {
          pending = await resumeSafeSignIn(services, pending)
          needsResume.current = false
          pendingRef.current = pending
        }
        const progress = await checkPendingSignIn(services, pending)
        if (stopped) return
        if (progress.state === 'signed-in') {
          setState({ phase: 'signed-in', session: progress.session })
          return
        }
        if (progress.submitted !== lastSubmitted) {
          lastSubmitted = progress.submitted
          attempt = 0
        }
        const current = pending
        setState({ phase: 'pending', pending: current, progress })
      } catch (error) {
        if (stopped) return
        if (error instanceof SafeSignInError && finalCodes.has(error.code)) {
          fail(error)
          return
        }
        const text = error instanceof Error ? error.message : String(error)
        setState((previous) =>
          previous.phase === 'pending' ? { ...previous, passingError: text } : previous,
        )
      } finally {
        running = false
      }
      if (!stopped) timer = setTimeout(() => void look(), pollDelayMs(attempt++))
    }
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return
      attempt = 0
      void look()
    }
    void look()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [pendingKey, services])

  const start = useCallback(
    async (request: { chainId: number; safe: Address; owner: Address }, signer: OwnerSigner) => {
      setState({ phase: 'starting', chainId: request.chainId, safe: request.safe })
      try {
        const pending = await startSafeSignIn(services, signer, request)
        needsResume.current = false
        pendingRef.current = pending
        setState({ phase: 'pending', pending })
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error)
        setState({
          phase: 'failed',
          error: text,
          code: error instanceof SafeSignInError ? error.code : undefined,
        })
      }
    },
    [services],
  )

  const cancel = useCallback(() => {
    clearPendingSignIn(services.storage)
    pendingRef.current = undefined
    setState({ phase: 'idle' })
  }, [services])

  return { state, start, cancel }
}
