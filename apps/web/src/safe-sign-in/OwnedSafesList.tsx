import type { GatewayClient } from '@signet/gateway/client'
import { GatewayHttpError } from '@signet/gateway/errors'
import type { PublicChain } from '@signet/protocol/public-config'
import { useQueries, useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useRef } from 'react'
import { useLocale, useTranslations } from 'use-intl'
import { type Address, getAddress, isAddressEqual } from 'viem'
import { gatewayFailure, safeSignInErrorText } from '../safe-message-tracker/safe-sign-in-error.ts'
import { VerifyDialogAlternative } from '../session/VerifyDialogAlternative.tsx'
import { readSafeFacts } from './safe-facts.ts'

export type OwnedSafesListProps = {
  gateway: GatewayClient
  chains: readonly PublicChain[]
  owner: Address
  /** A sign-in is being started: no second one meanwhile. */
  busy: boolean
  onSignIn(request: { chainId: number; safe: Address }): void
}

/** A chain the gateway does not serve answers 404 to `owners/{address}/safes`: nothing to list there. */
class ChainNotServed extends Error {}

/**
 * The Safes the connected account owns on every supported chain (gateway `owners/{address}/safes`).
 * Failures are grouped by their text, so an unreachable gateway is one notice, not one per chain.
 */
export function OwnedSafesList({ gateway, chains, owner, busy, onSignIn }: OwnedSafesListProps) {
  const t = useTranslations()
  const locale = useLocale()
  // "Gnosis, Sepolia" (a list of names, in the page's language).
  const chainList = (some: readonly PublicChain[]) =>
    new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(some.map((chain) => chain.name))
  const results = useQueries({
    queries: chains.map((chain) => ({
      queryKey: ['safe-sign-in', 'owned-safes', gateway.baseUrl, chain.id, owner],
      queryFn: async () => {
        try {
          return (await gateway.getOwnedSafes(chain.id, owner)).safes.map((safe) => getAddress(safe))
        } catch (error) {
          if (error instanceof GatewayHttpError && error.status === 404) throw new ChainNotServed(chain.name)
          throw gatewayFailure(error)
        }
      },
      retry: false,
    })),
  })
  const loading = chains.filter((_, index) => results[index]?.isPending)
  const owned = chains.flatMap((chain, index) =>
    (results[index]?.data ?? []).map((safe) => ({ chain, safe })),
  )
  const failures = new Map<string, { error: Error; chains: PublicChain[]; retry: (() => unknown)[] }>()
  chains.forEach((chain, index) => {
    const error = results[index]?.error
    if (!error || error instanceof ChainNotServed) return
    const failure = failures.get(error.message) ?? { error, chains: [], retry: [] }
    failure.chains.push(chain)
    failure.retry.push(() => results[index]?.refetch())
    failures.set(error.message, failure)
  })
  const searched = chains.filter((_, index) => results[index]?.isSuccess)
  const list = useRef<HTMLUListElement>(null)
  const focusFirstSafe = useCallback(() => list.current?.querySelector('button')?.focus(), [])

  return (
    <div data-testid="owned-safes">
      {[...failures].map(([message, failure]) => (
        <div key={message} className="notice notice--warning" role="alert" data-testid="owned-safes-error">
          <p>
            {t('safeSignIn.ownedSafes.loadFailed', {
              chains: chainList(failure.chains),
              reason: safeSignInErrorText(t, failure.error),
            })}
          </p>
          <div className="notice__actions">
            <button
              type="button"
              onClick={() => {
                for (const retry of failure.retry) retry()
              }}
            >
              {t('safeSignIn.ownedSafes.retry')}
            </button>
          </div>
        </div>
      ))}
      {loading.length > 0 && <p>{t('safeSignIn.ownedSafes.looking', { chains: chainList(loading) })}</p>}
      {loading.length === 0 && owned.length === 0 && searched.length > 0 && (
        <p data-testid="owned-safes-none">
          {t('safeSignIn.ownedSafes.none', { chains: chainList(searched) })}
        </p>
      )}
      {owned.length > 0 && (
        // RainbowKit asks to sign in as this account right after connecting: an owner may not want to.
        <VerifyDialogAlternative
          prompt={t('safeSignIn.ownedSafes.ownsPrompt', { count: owned.length })}
          action={t('safeSignIn.ownedSafes.chooseSafe')}
          onChosen={focusFirstSafe}
        />
      )}
      {owned.length > 0 && (
        <ul className="safe-sign-in__safes" ref={list}>
          {owned.map(({ chain, safe }) => (
            <OwnedSafeItem
              key={`${chain.id}:${safe}`}
              gateway={gateway}
              chain={chain}
              safe={safe}
              owner={owner}
              busy={busy}
              onSignIn={onSignIn}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

function OwnedSafeItem({
  gateway,
  chain,
  safe,
  owner,
  busy,
  onSignIn,
}: Omit<OwnedSafesListProps, 'chains'> & { chain: PublicChain; safe: Address }) {
  const facts = useQuery({
    queryKey: ['safe-sign-in', 'safe-facts', gateway.baseUrl, chain.id, safe],
    queryFn: () => readSafeFacts(gateway, chain.id, safe),
    retry: false,
  })
  const t = useTranslations()
  const ltr = (text: ReactNode) => <bdi dir="ltr">{text}</bdi>
  return (
    <li className="safe-sign-in__safe" data-testid="owned-safe" data-safe={safe}>
      <p>
        {t.rich('safeSignIn.ownedSafes.safeOnChain', {
          safe,
          chainName: chain.name,
          mono: (text) => (
            <strong className="safe-sign-in__mono" dir="ltr">
              {text}
            </strong>
          ),
        })}
      </p>
      {facts.isPending && <p>{t('safeSignIn.ownedSafes.readingSafe')}</p>}
      {facts.isError && <p role="alert">{safeSignInErrorText(t, facts.error)}</p>}
      {facts.data && (
        <>
          <p data-testid="owned-safe-threshold">
            {t('safeSignIn.ownedSafes.threshold', {
              threshold: facts.data.threshold,
              owners: facts.data.owners.length,
              version: facts.data.version,
            })}
          </p>
          <ul className="safe-sign-in__owners" aria-label={t('safeSignIn.ownedSafes.ownersLabel')}>
            {facts.data.owners.map((address) => (
              <li key={address}>
                {isAddressEqual(address, owner)
                  ? t.rich('safeTracker.progress.ownerYou', { address, ltr })
                  : ltr(address)}
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="primary"
        disabled={busy}
        onClick={() => onSignIn({ chainId: chain.id, safe })}
      >
        {t('safeSignIn.ownedSafes.signInAsSafe')}
      </button>
    </li>
  )
}
