import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslations } from 'use-intl'
import { useAccount } from 'wagmi'
import { ConfirmationsView } from '../safe-message-tracker/ConfirmationsView.tsx'
import { startPolling } from '../safe-message-tracker/poll-backoff.ts'
import { SafeMessageLinks } from '../safe-message-tracker/SafeMessageLinks.tsx'
import type { SafeMessageRoute } from '../safe-message-tracker/safe-links.ts'
import { safeSignInErrorText } from '../safe-message-tracker/safe-sign-in-error.ts'
import type { SafeSignInServices } from '../safe-message-tracker/safe-sign-in-services.ts'
import { VerifyDialogAlternative } from '../session/VerifyDialogAlternative.tsx'
import { confirmAsCoOwner, hasConfirmed, loadMessageReview } from './co-owner-confirmation.ts'
import { isOwner } from './safe-facts.ts'
import { useOwnerSigner } from './use-owner-signer.ts'

export type ConfirmSafeMessageProps = {
  services: SafeSignInServices
  route: SafeMessageRoute
  chainName: string
}

/**
 * The page a co-owner opens from a confirm link: the exact message text, who has confirmed, and (for an
 * owner who has not yet) a button that signs the SafeMessage and adds it at the gateway. The review is a
 * snapshot, read again after the owner confirms (then followed until the message is confirmed).
 */
export function ConfirmSafeMessage({ services, route, chainName }: ConfirmSafeMessageProps) {
  const t = useTranslations()
  const mono = (text: ReactNode) => (
    <bdi dir="ltr" className="safe-sign-in__mono">
      {text}
    </bdi>
  )
  const { address, isConnected } = useAccount()
  const { openConnectModal } = useConnectModal()
  const signerFor = useOwnerSigner()
  const [confirming, setConfirming] = useState(false)
  const [confirmed, setConfirmed] = useState(false)
  const [error, setError] = useState<unknown>()
  const confirmButton = useRef<HTMLButtonElement>(null)
  const focusConfirm = useCallback(() => confirmButton.current?.focus(), [])
  const review = useQuery({
    queryKey: [
      'safe-sign-in',
      'review',
      services.gateway.baseUrl,
      route.chainId,
      route.safe,
      route.messageHash,
    ],
    queryFn: () => loadMessageReview(services.gateway, route),
    retry: false,
    refetchOnWindowFocus: false,
  })
  const { refetch } = review
  const settled = review.data?.status === 'CONFIRMED'

  // After confirming: follow the others, with back-off, until the message is confirmed.
  useEffect(() => {
    if (!confirmed || settled) return
    // `confirm` has just read the message: the first look waits.
    const poller = startPolling(
      async () => {
        await refetch()
        return 'same'
      },
      undefined,
      false,
    )
    return () => poller.stop()
  }, [confirmed, settled, refetch])

  const confirm = async () => {
    if (!review.data || !address) return
    setConfirming(true)
    setError(undefined)
    try {
      await confirmAsCoOwner(services.gateway, signerFor(route.chainId), review.data, address)
      setConfirmed(true)
      await refetch()
    } catch (failure) {
      setError(failure)
      // The gateway may know better than this page (e.g. confirmed from another tab meanwhile).
      await refetch()
    } finally {
      setConfirming(false)
    }
  }

  const data = review.data
  const owner = data && address ? isOwner(data.facts, address) : false
  return (
    <section className="safe-sign-in" aria-labelledby="safe-message-title" data-testid="safe-message-review">
      <h2 id="safe-message-title">{t('safeSignIn.confirm.title')}</h2>
      <p>{t.rich('safeSignIn.confirm.safeOnChain', { safe: route.safe, chainName, mono })}</p>
      {review.isPending && <p>{t('safeSignIn.confirm.reading')}</p>}
      {review.isError && (
        <div className="notice notice--warning" role="alert" data-testid="safe-message-review-error">
          <p>{safeSignInErrorText(t, review.error)}</p>
          <div className="notice__actions">
            <button type="button" onClick={() => void refetch()}>
              {t('safeSignIn.confirm.retry')}
            </button>
          </div>
        </div>
      )}
      {data && (
        <>
          <p>{t('safeSignIn.confirm.intro')}</p>
          <pre className="safe-sign-in__message" data-testid="safe-message-text" dir="ltr">
            {data.text}
          </pre>
          <ConfirmationsView
            testId="safe-message-progress"
            submitted={data.submitted}
            required={data.required}
            owners={data.facts.owners}
            confirmedBy={data.confirmedBy}
            account={address}
          />
          {settled && <p data-testid="safe-message-settled">{t('safeSignIn.confirm.settled')}</p>}
          {!isConnected && (
            <div className="notice__actions">
              <p>{t('safeSignIn.confirm.connectPrompt')}</p>
              <button
                type="button"
                className="primary"
                onClick={openConnectModal}
                disabled={!openConnectModal}
              >
                {t('safeSignIn.confirm.connectWallet')}
              </button>
            </div>
          )}
          {isConnected && address && !owner && (
            <p className="notice notice--warning" role="alert" data-testid="safe-message-not-owner">
              {t.rich('safeSignIn.confirm.notOwner', {
                address,
                mono: (text) => <bdi dir="ltr">{text}</bdi>,
              })}
            </p>
          )}
          {isConnected && address && owner && hasConfirmed(data, address) && (
            <p data-testid="safe-message-you-confirmed">{t('safeSignIn.confirm.youConfirmed')}</p>
          )}
          {isConnected && address && owner && !hasConfirmed(data, address) && !settled && (
            <div className="notice__actions">
              {/* Confirming needs no Signet session: no need to pass RainbowKit's sign-in first. */}
              <VerifyDialogAlternative
                prompt={t('safeSignIn.confirm.alternativePrompt')}
                action={t('safeSignIn.confirm.alternativeAction')}
                onChosen={focusConfirm}
              />
              <button
                ref={confirmButton}
                type="button"
                className="primary"
                disabled={confirming}
                onClick={() => void confirm()}
              >
                {confirming ? t('safeSignIn.confirm.confirming') : t('safeSignIn.confirm.confirmMessage')}
              </button>
            </div>
          )}
          {error !== undefined && (
            <p className="notice notice--warning" role="alert" data-testid="safe-message-error">
              {safeSignInErrorText(t, error)}
            </p>
          )}
          {!settled && <SafeMessageLinks gateway={services.gateway} route={route} />}
        </>
      )}
    </section>
  )
}
