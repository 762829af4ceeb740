import { createGatewayClient } from '@signet/gateway/client'
import type { PublicConfig } from '@signet/protocol/public-config'
import { useMemo } from 'react'
import { useTranslations } from 'use-intl'
import { safeChainName } from './chain-name.ts'
import { SafeSignInPanel } from './SafeSignInPanel.tsx'
import { safeSignInErrorText } from './safe-sign-in-error.ts'
import type { SafeSignInTracker } from './safe-sign-in-tracker.ts'
import { useSafeSignInState } from './use-safe-sign-in-state.ts'

/**
 * The sign-in as the connected Safe (over WalletConnect, or an injected wallet presenting a Safe), above
 * every page: while it waits, and why it ended without a session.
 *
 * @example <ConnectedSafeSignInPanel signIn={safeAccountSignIn} config={config} />
 */
export default function ConnectedSafeSignInPanel({
  signIn,
  config,
}: {
  signIn: SafeSignInTracker
  config: Pick<PublicConfig, 'gatewayUrl' | 'chains'>
}) {
  const state = useSafeSignInState(signIn)
  const t = useTranslations()
  const gateway = useMemo(() => createGatewayClient({ baseUrl: config.gatewayUrl }), [config.gatewayUrl])
  if (state.phase === 'failed') {
    return (
      <div className="notice" role="alert" data-testid="safe-account-sign-in-failed">
        <p>{safeSignInErrorText(t, state.error)}</p>
        <div className="notice__actions">
          <button type="button" onClick={() => signIn.cancel()}>
            {t('safeTracker.panel.dismiss')}
          </button>
        </div>
      </div>
    )
  }
  if (state.phase !== 'tracking') return null
  const { chainId } = state.tracked
  return (
    <SafeSignInPanel
      kind="connected"
      state={state}
      gateway={gateway}
      chainName={safeChainName(t, config.chains, chainId)}
      onCancel={() => signIn.cancel()}
    />
  )
}
