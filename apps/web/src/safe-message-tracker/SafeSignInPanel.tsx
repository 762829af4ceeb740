import type { GatewayClient } from '@signet/gateway/client'
import type { Address } from 'viem'
import { ConfirmationsView } from './ConfirmationsView.tsx'
import { SafeMessageLinks } from './SafeMessageLinks.tsx'
import type { SafeSignInState } from './safe-sign-in-tracker.ts'
import type { OwnerSignInExtra } from './stored-sign-in.ts'
import type { SignInKind } from './texts.ts'
import '../safe-sign-in/safe-sign-in.css'

/** The browser tests find each kind's panel by these. */
const testIds = {
  owner: { root: 'safe-sign-in-pending', prefix: 'safe-sign-in' },
  connected: { root: 'safe-account-sign-in', prefix: 'safe-account' },
} as const

export type SafeSignInPanelProps = {
  kind: SignInKind
  state: Extract<SafeSignInState<Partial<OwnerSignInExtra>>, { phase: 'tracking' }>
  gateway: GatewayClient
  chainName: string
  /** The connected owner, marked "(you)". */
  account?: Address
  onCancel(): void
}

/**
 * A sign-in as a Safe while its message waits to be signed: what the wallet answered (a connected Safe),
 * how many owners confirmed and who, where co-owners confirm (Signet's link and Safe{Wallet}'s), the exact
 * message, and "Cancel this sign-in" — the only thing that ends it.
 *
 * @example <SafeSignInPanel kind="owner" state={state} gateway={gateway} chainName="Gnosis" onCancel={cancel} />
 */
export function SafeSignInPanel({
  kind,
  state,
  gateway,
  chainName,
  account,
  onCancel,
}: SafeSignInPanelProps) {
  const { tracked, look, wallet, passingError } = state
  const ids = testIds[kind]
  // An owner's sign-in knows the Safe's owners and threshold; a connected Safe's learns them from the gateway.
  const { owners, threshold } = tracked
  const answer = wallet && !wallet.asking ? wallet.answer : undefined
  const blocking = answer?.kind === 'cannot-sign' || answer?.kind === 'wrong-chain'
  const required = look?.required ?? threshold
  return (
    <div className="notice" role="status" data-testid={ids.root}>
      <p>
        Signing in as Safe <span className="safe-sign-in__mono">{tracked.safe}</span> on {chainName}.{' '}
        {owners && threshold
          ? `The sign-in completes once ${threshold} of ${owners.length} owners have confirmed the message.`
          : 'The sign-in completes as soon as the Safe has signed the message — off-chain with its owners’ confirmations, or on chain.'}
      </p>
      {wallet?.asking && (
        <p data-testid={`${ids.prefix}-wallet-asking`}>Waiting for the Safe’s wallet to sign…</p>
      )}
      {answer && (
        <p
          data-testid={`${ids.prefix}-wallet-answer`}
          className={blocking ? 'safe-sign-in__error' : undefined}
          role={blocking ? 'alert' : undefined}
        >
          {answer.text}
        </p>
      )}
      {!look && owners && <p>Looking up the confirmations…</p>}
      {look && !look.indexed && (
        <p>
          {owners
            ? 'Waiting for the Safe Client Gateway to list the message…'
            : 'Waiting for the owners to sign the message…'}
        </p>
      )}
      {look?.indexed && required !== undefined && (
        <ConfirmationsView
          testId={`${ids.prefix}-progress`}
          submitted={look.submitted}
          required={required}
          owners={owners ?? look.confirmedBy}
          confirmedBy={look.confirmedBy}
          account={account}
        />
      )}
      {passingError && (
        <p data-testid={`${ids.prefix}-passing-error`}>
          Progress unavailable right now: {passingError} Retrying…
        </p>
      )}
      <SafeMessageLinks
        gateway={gateway}
        route={{ chainId: tracked.chainId, safe: tracked.safe, messageHash: tracked.messageHash }}
      />
      <details>
        <summary>Message the owners sign</summary>
        <pre className="safe-sign-in__message">{tracked.message}</pre>
      </details>
      <p>
        This request stays valid until{' '}
        <time dateTime={tracked.nonceExpiresAt}>{new Date(tracked.nonceExpiresAt).toLocaleString()}</time>.
        You can close this page: it picks up where it left off when you come back.
      </p>
      <div className="notice__actions">
        <button type="button" onClick={onCancel}>
          Cancel this sign-in
        </button>
      </div>
    </div>
  )
}
