import { type ReactNode, useEffect, useState } from 'react'
import { useTranslations } from 'use-intl'
import { ConfirmationsView } from '../safe-message-tracker/ConfirmationsView.tsx'
import type { SafeSigningProgress } from './safe-signing-progress.ts'

/** The Safe transaction's statuses the catalogue words; any other is shown as the host names it. */
const wordedStatuses = ['PROPOSED', 'AWAITING_CONFIRMATIONS', 'AWAITING_EXECUTION'] as const
type WordedStatus = (typeof wordedStatuses)[number]
const isWorded = (status: string): status is WordedStatus =>
  (wordedStatuses as readonly string[]).includes(status)

const hash = (text: ReactNode) => <bdi dir="ltr">{text}</bdi>

/** While the Safe signs inside Safe{Wallet} (the tracker's count of confirmations, and the Safe transaction): how many owners confirmed, how the others can, and when Signet gives up. */
export function SafeSigningProgressView({ progress }: { progress: SafeSigningProgress }) {
  const t = useTranslations()
  const now = useNow(progress.stage === 'waiting' || progress.stage === 'transaction')
  if (progress.stage === 'waiting') {
    return (
      <div className="notice" role="status" data-testid="safe-sign-progress">
        <ConfirmationsView
          testId="safe-sign-confirmations"
          submitted={progress.confirmationsSubmitted}
          required={progress.confirmationsRequired}
          owners={[]}
          confirmedBy={[]}
        />
        <p>
          {progress.proposed
            ? t('safeApp.progress.proposedOtherOwners')
            : t('safeApp.progress.signInSafeWallet')}
        </p>
        <p className="safe-app__hash">
          {t.rich('safeApp.progress.messageHash', { messageHash: progress.messageHash, hash })}
        </p>
        {progress.gatewayError && (
          <p>{t('safeApp.progress.unavailable', { detail: progress.gatewayError })}</p>
        )}
        <p>{t('safeApp.progress.givesUpIn', { remaining: remaining(progress.deadline, now) })}</p>
      </div>
    )
  }
  if (progress.stage === 'transaction') {
    const status = isWorded(progress.status)
      ? t(`safeApp.progress.status.${progress.status}`)
      : progress.status
    const counted =
      progress.confirmationsSubmitted !== undefined && progress.confirmationsRequired !== undefined
    return (
      <div className="notice" role="status" data-testid="safe-sign-progress">
        <p>
          <strong>{t('safeApp.progress.onChainTitle')}</strong>
        </p>
        <p className="safe-app__hash" data-testid="safe-tx-hash">
          {t.rich('safeApp.progress.safeTxHash', { safeTxHash: progress.safeTxHash, hash })}
        </p>
        <p data-testid="safe-tx-status">
          {counted
            ? t('safeApp.progress.statusWithCount', {
                status: status,
                submitted: progress.confirmationsSubmitted ?? 0,
                required: progress.confirmationsRequired ?? 0,
              })
            : status}
        </p>
        <p>{t('safeApp.progress.givesUpIn', { remaining: remaining(progress.deadline, now) })}</p>
      </div>
    )
  }
  return null
}

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [ticking])
  return now
}

function remaining(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.round((deadline - now) / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
