import { createGatewayClient } from '@signet/gateway/client'
import type { PublicConfig } from '@signet/protocol/public-config'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { ConfirmationsView } from './ConfirmationsView.tsx'
import { SafeMessageLinks } from './SafeMessageLinks.tsx'
import '../safe-sign-in/safe-sign-in.css'
import type { SafeAccountSignIn } from './safe-account-sign-in.ts'

export type SafeAccountSignInPanelProps = {
  signIn: SafeAccountSignIn
  config: Pick<PublicConfig, 'gatewayUrl' | 'chains'>
}

/**
 * A sign-in as the connected Safe while its message waits to be signed: what the wallet answered, how
 * many owners confirmed and who, where co-owners confirm (Signet's link and Safe{Wallet}'s), the exact
 * message, and "Cancel this sign-in" — the only thing that ends it. Coming back to the tab looks again.
 *
 * @example <SafeAccountSignInPanel signIn={safeAccountSignIn} config={config} />
 */
export default function SafeAccountSignInPanel({ signIn, config }: SafeAccountSignInPanelProps) {
  const state = useSyncExternalStore(signIn.subscribe, signIn.getState)
  const gateway = useMemo(() => createGatewayClient({ baseUrl: config.gatewayUrl }), [config.gatewayUrl])
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') signIn.lookNow()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [signIn])

  if (state.phase === 'idle') return null
  if (state.phase === 'failed') {
    return (
      <div className="notice" role="alert" data-testid="safe-account-sign-in-failed">
        <p>{state.error}</p>
        <div className="notice__actions">
          <button type="button" onClick={() => signIn.cancel()}>
            Dismiss
          </button>
        </div>
      </div>
    )
  }
  const { tracked, look, wallet, passingError } = state
  const chainName =
    config.chains.find((chain) => chain.id === tracked.chainId)?.name ?? `chain ${tracked.chainId}`
  const answer = wallet && !wallet.asking ? wallet.answer : undefined
  const blocking = answer?.kind === 'cannot-sign' || answer?.kind === 'wrong-chain'
  return (
    <div className="notice" role="status" data-testid="safe-account-sign-in">
      <p>
        Signing in as Safe <span className="safe-sign-in__mono">{tracked.safe}</span> on {chainName}. The
        sign-in completes as soon as the Safe has signed the message — off-chain with its owners’
        confirmations, or on chain.
      </p>
      {wallet?.asking && (
        <p data-testid="safe-account-wallet-asking">Waiting for the Safe’s wallet to sign…</p>
      )}
      {answer && (
        <p
          data-testid="safe-account-wallet-answer"
          className={blocking ? 'safe-sign-in__error' : undefined}
          role={blocking ? 'alert' : undefined}
        >
          {answer.text}
        </p>
      )}
      {look && !look.indexed && <p>Waiting for the owners to sign the message…</p>}
      {look?.indexed && look.required !== undefined && (
        <ConfirmationsView
          testId="safe-account-progress"
          submitted={look.submitted}
          required={look.required}
          owners={look.confirmedBy}
          confirmedBy={look.confirmedBy}
        />
      )}
      {passingError && (
        <p data-testid="safe-account-passing-error">
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
        <button type="button" onClick={() => signIn.cancel()}>
          Cancel this sign-in
        </button>
      </div>
    </div>
  )
}
