import type { GatewayClient } from '@signet/gateway/client'
import type { Address } from 'viem'
import { ConfirmationsView } from '../safe-message-tracker/ConfirmationsView.tsx'
import { SafeMessageLinks } from '../safe-message-tracker/SafeMessageLinks.tsx'
import type { PendingSafeSignIn } from './pending-sign-in-storage.ts'
import type { WaitingProgress } from './use-safe-sign-in.ts'

export type PendingSignInViewProps = {
  gateway: GatewayClient
  pending: PendingSafeSignIn
  progress?: WaitingProgress
  passingError?: string
  chainName: string
  account?: Address
  onCancel(): void
}

/** A sign-in as a Safe that waits for co-owners: progress, how they confirm, the exact message. */
export function PendingSignInView({
  gateway,
  pending,
  progress,
  passingError,
  chainName,
  account,
  onCancel,
}: PendingSignInViewProps) {
  return (
    <div className="notice" role="status" data-testid="safe-sign-in-pending">
      <p>
        Signing in as Safe <span className="safe-sign-in__mono">{pending.safe}</span> on {chainName}. The
        sign-in completes once {pending.threshold} of {pending.owners.length} owners have confirmed the
        message.
      </p>
      {!progress && <p>Looking up the confirmations…</p>}
      {progress && !progress.indexed && <p>Waiting for the Safe Client Gateway to list the message…</p>}
      {progress?.indexed && (
        <ConfirmationsView
          testId="safe-sign-in-progress"
          submitted={progress.submitted}
          required={progress.required}
          owners={pending.owners}
          confirmedBy={progress.confirmedBy}
          account={account}
        />
      )}
      {passingError && (
        <p data-testid="safe-sign-in-passing-error">
          Progress unavailable right now: {passingError} Retrying…
        </p>
      )}
      <SafeMessageLinks
        gateway={gateway}
        route={{ chainId: pending.chainId, safe: pending.safe, messageHash: pending.messageHash }}
      />
      <details>
        <summary>Message the owners sign</summary>
        <pre className="safe-sign-in__message">{pending.message}</pre>
      </details>
      <p>
        This request stays valid until{' '}
        <time dateTime={pending.nonceExpiresAt}>{new Date(pending.nonceExpiresAt).toLocaleString()}</time>.
        You can close this page: {'it picks up where it left off when you come back.'}
      </p>
      <div className="notice__actions">
        <button type="button" onClick={onCancel}>
          Cancel this sign-in
        </button>
      </div>
    </div>
  )
}
