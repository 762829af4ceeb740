import type { GatewayClient } from '@signet/gateway/client'
import { GatewayHttpError } from '@signet/gateway/errors'
import type { PublicChain } from '@signet/protocol/public-config'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import { type Address, getAddress, isAddressEqual } from 'viem'
import { VerifyDialogAlternative } from '../auth/VerifyDialogAlternative.tsx'
import { gatewayFailure } from '../safe-message-tracker/safe-sign-in-error.ts'
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
  const failures = new Map<string, { chains: PublicChain[]; retry: (() => unknown)[] }>()
  chains.forEach((chain, index) => {
    const error = results[index]?.error
    if (!error || error instanceof ChainNotServed) return
    const failure = failures.get(error.message) ?? { chains: [], retry: [] }
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
            Your Safes on {failure.chains.map((chain) => chain.name).join(', ')} could not be loaded.{' '}
            {message}
          </p>
          <div className="notice__actions">
            <button
              type="button"
              onClick={() => {
                for (const retry of failure.retry) retry()
              }}
            >
              Retry
            </button>
          </div>
        </div>
      ))}
      {loading.length > 0 && (
        <p>Looking for your Safes on {loading.map((chain) => chain.name).join(', ')}…</p>
      )}
      {loading.length === 0 && owned.length === 0 && searched.length > 0 && (
        <p data-testid="owned-safes-none">
          This account owns no Safe on {searched.map((chain) => chain.name).join(', ')}.
        </p>
      )}
      {owned.length > 0 && (
        // RainbowKit asks to sign in as this account right after connecting: an owner may not want to.
        <VerifyDialogAlternative
          prompt={`This account owns ${owned.length === 1 ? 'a Safe' : `${owned.length} Safes`}. Sign in as a Safe instead?`}
          action="Choose a Safe"
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
  return (
    <li className="safe-sign-in__safe" data-testid="owned-safe" data-safe={safe}>
      <p>
        <strong className="safe-sign-in__mono">{safe}</strong> on {chain.name}
      </p>
      {facts.isPending && <p>Reading the Safe…</p>}
      {facts.isError && <p role="alert">{facts.error.message}</p>}
      {facts.data && (
        <>
          <p data-testid="owned-safe-threshold">
            {facts.data.threshold} of {facts.data.owners.length} owners must confirm · Safe{' '}
            {facts.data.version}
          </p>
          <ul className="safe-sign-in__owners" aria-label="Owners">
            {facts.data.owners.map((address) => (
              <li key={address}>
                {address}
                {isAddressEqual(address, owner) ? ' (you)' : ''}
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
        Sign in as this Safe
      </button>
    </li>
  )
}
