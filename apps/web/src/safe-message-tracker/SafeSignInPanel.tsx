import type { GatewayClient } from '@signet/gateway/client'
import type { ReactNode } from 'react'
import { useFormatter, useTranslations } from 'use-intl'
import type { Address } from 'viem'
import { ConfirmationsView } from './ConfirmationsView.tsx'
import { SafeMessageLinks } from './SafeMessageLinks.tsx'
import { safeSignInErrorText } from './safe-sign-in-error.ts'
import type { SafeSignInState } from './safe-sign-in-tracker.ts'
import { walletAnswerText } from './safe-wallet-answer.ts'
import type { OwnerSignInExtra, SignInKind } from './stored-sign-in.ts'
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
  const t = useTranslations()
  const format = useFormatter()
  const mono = (safe: ReactNode) => (
    <bdi dir="ltr" className="safe-sign-in__mono">
      {safe}
    </bdi>
  )
  const expiresAt = new Date(tracked.nonceExpiresAt)
  return (
    <div className="notice" role="status" data-testid={ids.root}>
      <p>
        {owners && threshold
          ? t.rich('safeTracker.panel.introOwners', {
              safe: tracked.safe,
              chainName,
              threshold,
              owners: owners.length,
              mono,
            })
          : t.rich('safeTracker.panel.introConnected', { safe: tracked.safe, chainName, mono })}
      </p>
      {wallet?.asking && (
        <p data-testid={`${ids.prefix}-wallet-asking`}>{t('safeTracker.panel.walletAsking')}</p>
      )}
      {answer && (
        <p
          data-testid={`${ids.prefix}-wallet-answer`}
          className={blocking ? 'safe-sign-in__error' : undefined}
          role={blocking ? 'alert' : undefined}
        >
          {walletAnswerText(t, answer)}
        </p>
      )}
      {!look && owners && <p>{t('safeTracker.panel.lookingUp')}</p>}
      {look && !look.indexed && (
        <p>{owners ? t('safeTracker.panel.waitingForGateway') : t('safeTracker.panel.waitingForOwners')}</p>
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
          {t('safeTracker.panel.passingError', {
            problems: passingError.map((problem) => safeSignInErrorText(t, problem)).join('; '),
          })}
        </p>
      )}
      <SafeMessageLinks
        gateway={gateway}
        route={{ chainId: tracked.chainId, safe: tracked.safe, messageHash: tracked.messageHash }}
      />
      <details>
        <summary>{t('safeTracker.panel.messageSummary')}</summary>
        <pre className="safe-sign-in__message" dir="ltr">
          {tracked.message}
        </pre>
      </details>
      <p>
        {t.rich('safeTracker.panel.validUntil', {
          // What `toLocaleString()` shows, in the page's language.
          expiresAt: format.dateTime(expiresAt, {
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          }),
          time: (text) => <time dateTime={tracked.nonceExpiresAt}>{text}</time>,
        })}
      </p>
      <div className="notice__actions">
        <button type="button" onClick={onCancel}>
          {t('safeTracker.panel.cancel')}
        </button>
      </div>
    </div>
  )
}
