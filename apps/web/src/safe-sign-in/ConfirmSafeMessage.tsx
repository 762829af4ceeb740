import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAccount } from 'wagmi'
import { VerifyDialogAlternative } from '../auth/VerifyDialogAlternative.tsx'
import { ConfirmationsView } from '../safe-message-tracker/ConfirmationsView.tsx'
import { startPolling } from '../safe-message-tracker/poll-backoff.ts'
import { SafeMessageLinks } from '../safe-message-tracker/SafeMessageLinks.tsx'
import type { SafeMessageRoute } from '../safe-message-tracker/safe-links.ts'
import { confirmAsCoOwner, hasConfirmed, loadMessageReview } from './co-owner-confirmation.ts'
import { isOwner } from './safe-facts.ts'
import type { SafeSignInServices } from './safe-sign-in-flow.ts'
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
  const { address, isConnected } = useAccount()
  const { openConnectModal } = useConnectModal()
  const signerFor = useOwnerSigner()
  const [confirming, setConfirming] = useState(false)
  const [confirmed, setConfirmed] = useState(false)
  const [error, setError] = useState<string>()
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
      setError(failure instanceof Error ? failure.message : String(failure))
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
      <h2 id="safe-message-title">Confirm a Safe message</h2>
      <p>
        Safe <span className="safe-sign-in__mono">{route.safe}</span> on {chainName}
      </p>
      {review.isPending && <p>Reading the message…</p>}
      {review.isError && (
        <div className="notice notice--warning" role="alert" data-testid="safe-message-review-error">
          <p>{review.error.message}</p>
          <div className="notice__actions">
            <button type="button" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        </div>
      )}
      {data && (
        <>
          <p>An owner asks the Safe's other owners to sign this message. Read it before you confirm:</p>
          <pre className="safe-sign-in__message" data-testid="safe-message-text">
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
          {settled && (
            <p data-testid="safe-message-settled">
              The message is confirmed: the owner who asked can now use it. No more signatures are needed.
            </p>
          )}
          {!isConnected && (
            <div className="notice__actions">
              <p>Connect a wallet that owns this Safe to confirm the message.</p>
              <button
                type="button"
                className="primary"
                onClick={openConnectModal}
                disabled={!openConnectModal}
              >
                Connect wallet
              </button>
            </div>
          )}
          {isConnected && address && !owner && (
            <p className="notice notice--warning" role="alert" data-testid="safe-message-not-owner">
              The connected account {address} is not an owner of this Safe.
            </p>
          )}
          {isConnected && address && owner && hasConfirmed(data, address) && (
            <p data-testid="safe-message-you-confirmed">You have confirmed this message.</p>
          )}
          {isConnected && address && owner && !hasConfirmed(data, address) && !settled && (
            <div className="notice__actions">
              {/* Confirming needs no Signet session: no need to pass RainbowKit's sign-in first. */}
              <VerifyDialogAlternative
                prompt="Only here to confirm this Safe message? That needs no sign-in to Signet."
                action="Confirm without signing in"
                onChosen={focusConfirm}
              />
              <button
                ref={confirmButton}
                type="button"
                className="primary"
                disabled={confirming}
                onClick={() => void confirm()}
              >
                {confirming ? 'Confirm in your wallet…' : 'Confirm message'}
              </button>
            </div>
          )}
          {error && (
            <p className="notice notice--warning" role="alert" data-testid="safe-message-error">
              {error}
            </p>
          )}
          {!settled && <SafeMessageLinks gateway={services.gateway} route={route} />}
        </>
      )}
    </section>
  )
}
