import { useAddRecentTransaction, useConnectModal } from '@rainbow-me/rainbowkit'
import type { PublicChain } from '@signet/protocol/public-config'
import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'use-intl'
import { isAddressEqual } from 'viem'
import type { SignInSession } from '../auth/auth-api.ts'
import { safeChainName } from '../safe-message-tracker/chain-name.ts'
import { SafeSignInPanel } from '../safe-message-tracker/SafeSignInPanel.tsx'
import { safeSignInErrorText } from '../safe-message-tracker/safe-sign-in-error.ts'
import { useSafeSignInState } from '../safe-message-tracker/use-safe-sign-in-state.ts'
import { useSignIn } from '../session/SignInProvider.tsx'
import type { SafeAppSession } from './safe-app-session.ts'

/**
 * Sign in as the Safe from inside Safe{Wallet}, through the app's one sign-in flow (RainbowKit's
 * "Verify your account"): the Safe sign-in tracker waits for the owners, and meanwhile the one progress
 * panel shows above the dialog; after a reload of the frame it goes on by itself. The session lives in a
 * partitioned cookie, so it holds inside the frame.
 */
export function SafeSignInView({
  session,
  chains,
}: {
  session: SafeAppSession
  chains: readonly PublicChain[]
}) {
  const t = useTranslations()
  const { info } = session
  const signIn = useSignIn()
  const { adoptSession } = signIn
  const { openConnectModal } = useConnectModal()
  const state = useSafeSignInState(session.signIn)
  const addRecentTransaction = useAddRecentTransaction()
  const tracked = useRef(new Set<string>())

  // The tracker verified the Safe's signature: the app's sign-in takes the session over.
  const adopted = useRef<SignInSession>(undefined)
  useEffect(() => {
    if (state.phase !== 'signed-in' || adopted.current === state.session) return
    adopted.current = state.session
    adoptSession(state.session)
  }, [state, adoptSession])

  // The profile's recent transactions follow the Safe transaction by its safeTxHash.
  const safeTxHash = state.phase === 'tracking' ? state.tracked.safeTxHash : undefined
  useEffect(() => {
    if (!safeTxHash || tracked.current.has(safeTxHash)) return
    tracked.current.add(safeTxHash)
    addRecentTransaction({ hash: safeTxHash, description: t('safeApp.signIn.recentTransaction') })
  }, [safeTxHash, addRecentTransaction, t])

  const signedIn =
    signIn.status === 'authenticated' &&
    signIn.session &&
    isAddressEqual(signIn.session.address, info.safeAddress)

  return (
    <section className="safe-app__section" aria-labelledby="safe-sign-in-title">
      <h3 id="safe-sign-in-title">{t('safeApp.signIn.title')}</h3>
      {signedIn && signIn.session ? (
        <div className="notice" data-testid="safe-session">
          <p>
            {t.rich('safeApp.signIn.signedIn', {
              address: signIn.session.address,
              accountType: signIn.session.accountType,
              chainId: signIn.session.chainId,
              strong: (text) => <strong dir="ltr">{text}</strong>,
            })}
          </p>
        </div>
      ) : (
        <>
          <p>{t('safeApp.signIn.intro', { threshold: info.threshold, owners: info.owners.length })}</p>
          {!session.signInSurvivesReload && (
            <p className="safe-app__detail" data-testid="safe-sign-in-no-storage">
              {t('safeApp.signIn.noStorage')}
            </p>
          )}
          {state.phase === 'failed' && (
            <p className="safe-app__detail" data-testid="safe-sign-failure">
              {t('safeApp.signIn.lastAttempt', { reason: safeSignInErrorText(t, state.error) })}
            </p>
          )}
          <button
            type="button"
            className="primary"
            onClick={openConnectModal}
            disabled={!openConnectModal || signIn.status === 'loading'}
          >
            {t('safeApp.signIn.signInAsSafe')}
          </button>
        </>
      )}
      {state.phase === 'tracking' &&
        createPortal(
          <div className="safe-app__progress">
            <SafeSignInPanel
              kind="safeApp"
              state={state}
              threshold={info.threshold}
              chainName={safeChainName(t, chains, state.tracked.chainId)}
              onCancel={() => session.signIn.cancel()}
            />
          </div>,
          document.body,
        )}
    </section>
  )
}
