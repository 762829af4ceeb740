import type { GatewayClient } from '@signet/gateway/client'
import { useQuery } from '@tanstack/react-query'
import { type Address, getAddress, isAddressEqual } from 'viem'
import type { PublicChain } from '../config/public-config.ts'
import { readSafeFacts } from './safe-facts.ts'
import { gatewayFailure } from './safe-sign-in-errors.ts'

export type OwnedSafesListProps = {
  gateway: GatewayClient
  chains: readonly PublicChain[]
  owner: Address
  /** A sign-in is being started: no second one meanwhile. */
  busy: boolean
  onSignIn(request: { chainId: number; safe: Address }): void
}

/** The Safes the connected account owns, per supported chain (gateway `owners/{address}/safes`). */
export function OwnedSafesList({ gateway, chains, owner, busy, onSignIn }: OwnedSafesListProps) {
  return (
    <div data-testid="owned-safes">
      {chains.map((chain) => (
        <ChainSafes key={chain.id} gateway={gateway} chain={chain} owner={owner} busy={busy} onSignIn={onSignIn} />
      ))}
    </div>
  )
}

function ChainSafes({ gateway, chain, owner, busy, onSignIn }: Omit<OwnedSafesListProps, 'chains'> & { chain: PublicChain }) {
  const safes = useQuery({
    queryKey: ['safe-sign-in', 'owned-safes', gateway.baseUrl, chain.id, owner],
    queryFn: async () => {
      try {
        return (await gateway.getOwnedSafes(chain.id, owner)).safes.map((safe) => getAddress(safe))
      } catch (error) {
        throw gatewayFailure(error)
      }
    },
    retry: false,
  })
  if (safes.isPending) return <p>Looking for your Safes on {chain.name}…</p>
  if (safes.isError) {
    return (
      <div className="notice notice--warning" role="alert" data-testid="owned-safes-error">
        <p>
          Your Safes on {chain.name} could not be loaded. {safes.error.message}
        </p>
        <div className="notice__actions">
          <button type="button" onClick={() => void safes.refetch()}>
            Retry
          </button>
        </div>
      </div>
    )
  }
  if (safes.data.length === 0) return <p data-testid="owned-safes-none">This account owns no Safe on {chain.name}.</p>
  return (
    <ul className="safe-sign-in__safes">
      {safes.data.map((safe) => (
        <OwnedSafeItem key={safe} gateway={gateway} chain={chain} safe={safe} owner={owner} busy={busy} onSignIn={onSignIn} />
      ))}
    </ul>
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
            {facts.data.threshold} of {facts.data.owners.length} owners must confirm · Safe {facts.data.version}
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
      <button type="button" className="primary" disabled={busy} onClick={() => onSignIn({ chainId: chain.id, safe })}>
        Sign in as this Safe
      </button>
    </li>
  )
}
