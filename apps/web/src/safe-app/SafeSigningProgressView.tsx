import { useEffect, useState } from 'react'
import { ConfirmationsView } from '../safe-message-tracker/ConfirmationsView.tsx'
import type { SafeSigningProgress } from './safe-signing-progress.ts'

const statusText: Record<string, string> = {
  PROPOSED: 'Proposed in Safe{Wallet}; waiting for the owners to confirm it.',
  AWAITING_CONFIRMATIONS: 'Waiting for the owners to confirm it.',
  AWAITING_EXECUTION: 'Confirmed; waiting for an owner to execute it.',
}

/** While the Safe signs inside Safe{Wallet} (the tracker's count of confirmations, and the Safe transaction): how many owners confirmed, how the others can, and when Signet gives up. */
export function SafeSigningProgressView({ progress }: { progress: SafeSigningProgress }) {
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
            ? 'Other owners confirm this message in Safe{Wallet}: open this Safe, then Transactions → Messages, and sign it.'
            : 'Sign the message in Safe{Wallet}; the other owners then confirm it there under Transactions → Messages.'}
        </p>
        <p className="safe-app__hash">SafeMessage hash {progress.messageHash}</p>
        {progress.gatewayError && <p>Progress unavailable right now: {progress.gatewayError}</p>}
        <p>Gives up in {remaining(progress.deadline, now)}.</p>
      </div>
    )
  }
  if (progress.stage === 'transaction') {
    const counted =
      progress.confirmationsSubmitted !== undefined && progress.confirmationsRequired !== undefined
    return (
      <div className="notice" role="status" data-testid="safe-sign-progress">
        <p>
          <strong>Signing on-chain with a Safe transaction</strong>
        </p>
        <p className="safe-app__hash" data-testid="safe-tx-hash">
          safeTxHash {progress.safeTxHash}
        </p>
        <p data-testid="safe-tx-status">
          {statusText[progress.status] ?? progress.status}
          {counted &&
            ` ${progress.confirmationsSubmitted} of ${progress.confirmationsRequired} owners confirmed.`}
        </p>
        <p>Gives up in {remaining(progress.deadline, now)}.</p>
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
