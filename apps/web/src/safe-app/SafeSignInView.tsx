import { useAddRecentTransaction, useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'use-intl'
import { isAddressEqual } from 'viem'
import { useSignIn } from '../auth/SignInProvider.tsx'
import { safeSignInErrorText } from '../safe-message-tracker/safe-sign-in-error.ts'
import { SafeSigningProgressView } from './SafeSigningProgressView.tsx'
import type { SafeAppSession } from './safe-app-session.ts'
import { safeSigningProgress } from './safe-signing-progress.ts'

/**
 * Sign in as the Safe from inside Safe{Wallet}, through the app's one sign-in flow (RainbowKit's
 * "Verify your account"): the Safe provider waits for the owners, and meanwhile their progress is
 * shown above the dialog. The session lives in a partitioned cookie, so it holds inside the frame.
 */
export function SafeSignInView({ session }: { session: SafeAppSession }) {
  const t = useTranslations()
  const { info } = session
  const signIn = useSignIn()
  const { openConnectModal } = useConnectModal()
  const progress = useSyncExternalStore(safeSigningProgress.subscribe, safeSigningProgress.get)
  const addRecentTransaction = useAddRecentTransaction()
  const tracked = useRef(new Set<string>())

  // The profile's recent transactions follow the Safe transaction by its safeTxHash.
  useEffect(() => {
    if (progress.stage !== 'transaction' || tracked.current.has(progress.safeTxHash)) return
    tracked.current.add(progress.safeTxHash)
    addRecentTransaction({
      hash: progress.safeTxHash,
      description: t('safeApp.signIn.recentTransaction'),
    })
  }, [progress, addRecentTransaction, t])

  const signedIn =
    signIn.status === 'authenticated' &&
    signIn.session &&
    isAddressEqual(signIn.session.address, info.safeAddress)
  const waiting = progress.stage === 'waiting' || progress.stage === 'transaction'

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
          {progress.stage === 'failed' && (
            <p className="safe-app__detail" data-testid="safe-sign-failure">
              {t('safeApp.signIn.lastAttempt', { reason: safeSignInErrorText(t, progress.error) })}
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
      {waiting &&
        createPortal(
          <div className="safe-app__progress">
            <SafeSigningProgressView progress={progress} />
          </div>,
          document.body,
        )}
    </section>
  )
}
