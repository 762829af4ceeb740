import type { GatewayClient } from '@signet/gateway/client'
import type { ReactNode } from 'react'
import { useFormatter, useTranslations } from 'use-intl'
import type { Address } from 'viem'
import { ConfirmationsView } from './ConfirmationsView.tsx'
import { SafeMessageLinks } from './SafeMessageLinks.tsx'
import { safeSignInErrorText } from './safe-sign-in-error.ts'
import type { SafeSignInState } from './safe-sign-in-tracker.ts'
import { walletAnswerText } from './safe-wallet-answer.ts'
import type { OwnerSignInExtra, SafeAppSignInExtra, SignInKind } from './stored-sign-in.ts'
import './safe-sign-in.css'

/** The browser tests find each kind's panel by these. */
const testIds = {
  owner: { root: 'safe-sign-in-pending', prefix: 'safe-sign-in', confirmations: 'safe-sign-in-progress' },
  connected: { root: 'safe-account-sign-in', prefix: 'safe-account', confirmations: 'safe-account-progress' },
  safeApp: { root: 'safe-sign-progress', prefix: 'safe-sign', confirmations: 'safe-sign-confirmations' },
} as const

/** The Safe transaction's statuses the catalogue words; any other is shown as the host names it. */
const wordedStatuses = ['PROPOSED', 'AWAITING_CONFIRMATIONS', 'AWAITING_EXECUTION'] as const
type WordedStatus = (typeof wordedStatuses)[number]
const isWorded = (status: string): status is WordedStatus =>
  (wordedStatuses as readonly string[]).includes(status)

export type SafeSignInPanelProps = {
  kind: SignInKind
  state: Extract<SafeSignInState<Partial<OwnerSignInExtra & SafeAppSignInExtra>>, { phase: 'tracking' }>
  /** Where co-owners confirm (Signet's link and Safe{Wallet}'s); the Safe App, inside Safe{Wallet}, has none. */
  gateway?: GatewayClient
  chainName: string
  /** The connected owner, marked "(you)". */
  account?: Address
  /** The Safe's threshold where the sign-in does not remember it (the Safe App knows it from its host). */
  threshold?: number
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
  threshold: knownThreshold,
  onCancel,
}: SafeSignInPanelProps) {
  const { tracked, look, wallet, passingError, transaction } = state
  const ids = testIds[kind]
  // An owner's sign-in knows the Safe's owners and threshold; a connected Safe's learns them from the gateway.
  const t = useTranslations()
  const { owners } = tracked
  const threshold = tracked.threshold ?? knownThreshold
  const safeApp = kind === 'safeApp'
  const hash = (text: ReactNode) => <bdi dir="ltr">{text}</bdi>
  const safeTxHash = transaction?.safeTxHash ?? tracked.safeTxHash
  const txStatus = transaction?.status ?? 'PROPOSED'
  const txStatusText = isWorded(txStatus) ? t(`safeApp.progress.status.${txStatus}`) : txStatus
  const answer = wallet && !wallet.asking ? wallet.answer : undefined
  const blocking = answer?.kind === 'cannot-sign' || answer?.kind === 'wrong-chain'
  const required = look?.required ?? threshold
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
      {!look && owners && !safeApp && <p>{t('safeTracker.panel.lookingUp')}</p>}
      {look && !look.indexed && !safeApp && (
        <p>{owners ? t('safeTracker.panel.waitingForGateway') : t('safeTracker.panel.waitingForOwners')}</p>
      )}
      {safeTxHash ? (
        <>
          <p>
            <strong>{t('safeApp.progress.onChainTitle')}</strong>
          </p>
          <p className="safe-sign-in__mono" data-testid="safe-tx-hash">
            {t.rich('safeApp.progress.safeTxHash', { safeTxHash, hash })}
          </p>
          <p data-testid="safe-tx-status">
            {transaction?.submitted !== undefined && transaction.required !== undefined
              ? t('safeApp.progress.statusWithCount', {
                  status: txStatusText,
                  submitted: transaction.submitted,
                  required: transaction.required,
                })
              : txStatusText}
          </p>
        </>
      ) : (
        (look?.indexed || safeApp) &&
        required !== undefined && (
          <ConfirmationsView
            testId={ids.confirmations}
            submitted={look?.submitted ?? 0}
            required={required}
            // The Safe App counts only: Safe{Wallet} itself shows who confirmed.
            owners={safeApp ? [] : (owners ?? look?.confirmedBy ?? [])}
            confirmedBy={safeApp ? [] : (look?.confirmedBy ?? [])}
            account={account}
          />
        )
      )}
      {safeApp && !safeTxHash && (
        <p>
          {look?.indexed ? t('safeApp.progress.proposedOtherOwners') : t('safeApp.progress.signInSafeWallet')}
        </p>
      )}
      {passingError && (
        <p data-testid={`${ids.prefix}-passing-error`}>
          {t('safeTracker.panel.passingError', {
            problems: passingError.map((problem) => safeSignInErrorText(t, problem)).join('; '),
          })}
        </p>
      )}
      {gateway && (
        <SafeMessageLinks
          gateway={gateway}
          route={{ chainId: tracked.chainId, safe: tracked.safe, messageHash: tracked.messageHash }}
        />
      )}
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
