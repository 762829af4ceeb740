import type { PublicChain } from '@signet/protocol/public-config'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslations } from 'use-intl'
import { type Address, isAddressEqual } from 'viem'
import { useAccount } from 'wagmi'
import type { SignInSession } from '../auth/auth-api.ts'
import { safeChainName } from '../safe-message-tracker/chain-name.ts'
import { SafeSignInPanel } from '../safe-message-tracker/SafeSignInPanel.tsx'
import { safeSignInErrorText } from '../safe-message-tracker/safe-sign-in-error.ts'
import type { SafeSignInServices } from '../safe-message-tracker/safe-sign-in-services.ts'
import { useSignIn } from '../session/SignInProvider.tsx'
import { OwnedSafesList } from './OwnedSafesList.tsx'
import { useOwnerSigner } from './use-owner-signer.ts'
import { useSafeSignIn } from './use-safe-sign-in.ts'

/**
 * An owner connected with their own wallet signs in as one of their Safes: the Safes they own, the
 * pending sign-in while co-owners confirm, and the outcome.
 */
export function SignInAsOwnedSafe({
  services,
  chains,
}: {
  services: SafeSignInServices
  chains: readonly PublicChain[]
}) {
  const t = useTranslations()
  const mono = (text: ReactNode) => (
    <bdi dir="ltr" className="safe-sign-in__mono">
      {text}
    </bdi>
  )
  const { address, isConnected } = useAccount()
  const { state, start, cancel } = useSafeSignIn(services)
  const signerFor = useOwnerSigner()
  const signIn = useSignIn()
  const { adoptSession } = signIn
  // The app's sign-in takes the Safe's session over: shown in the account area, kept across reloads.
  const adopted = useRef<SignInSession>(undefined)
  useEffect(() => {
    if (state.phase !== 'signed-in' || adopted.current === state.session) return
    adopted.current = state.session
    adoptSession(state.session)
  }, [state, adoptSession])
  if (!isConnected && state.phase !== 'tracking') return null
  const chainName = (chainId: number) => safeChainName(t, chains, chainId)
  const signInAs = (request: { chainId: number; safe: Address }) => {
    if (address) void start({ ...request, owner: address }, signerFor(request.chainId))
  }

  return (
    <section className="safe-sign-in" aria-labelledby="safe-sign-in-title">
      <h2 id="safe-sign-in-title">{t('safeSignIn.owner.title')}</h2>
      {state.phase === 'starting' && (
        <p className="notice" role="status" data-testid="safe-sign-in-starting">
          {t.rich('safeSignIn.owner.starting', { safe: state.safe, mono })}
        </p>
      )}
      {state.phase === 'tracking' && (
        <SafeSignInPanel
          kind="owner"
          state={state}
          gateway={services.gateway}
          chainName={chainName(state.tracked.chainId)}
          account={address}
          onCancel={cancel}
        />
      )}
      {state.phase === 'signed-in' &&
        signIn.status === 'authenticated' &&
        signIn.session &&
        isAddressEqual(signIn.session.address, state.session.address) && (
          <div className="notice" role="status" data-testid="safe-signed-in">
            <p>
              {t.rich('safeSignIn.owner.signedIn', {
                address: state.session.address,
                chainName: chainName(state.session.chainId),
                accountType: state.session.accountType,
                mono,
              })}
            </p>
          </div>
        )}
      {state.phase === 'failed' && (
        <div className="notice notice--warning" role="alert" data-testid="safe-sign-in-error">
          <p>{safeSignInErrorText(t, state.error)}</p>
          <div className="notice__actions">
            <button type="button" onClick={cancel}>
              {t('safeSignIn.owner.dismiss')}
            </button>
          </div>
        </div>
      )}
      {state.phase !== 'tracking' && isConnected && address && (
        <>
          <p>{t('safeSignIn.owner.intro')}</p>
          <OwnedSafesList
            gateway={services.gateway}
            chains={chains}
            owner={address}
            busy={state.phase === 'starting'}
            onSignIn={signInAs}
          />
        </>
      )}
    </section>
  )
}
