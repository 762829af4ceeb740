import { createGatewayClient } from '@signet/gateway/client'
import { useMemo } from 'react'
import type { Address } from 'viem'
import { readPublicConfig } from '../config/public-config.ts'
import { BalancesSection } from './BalancesSection.tsx'
import { CollectiblesSection } from './CollectiblesSection.tsx'
import { MessagesSection } from './MessagesSection.tsx'
import { SafeInfoSection } from './SafeInfoSection.tsx'
import styles from './SafePages.module.css'
import { LoadError } from './SectionStatus.tsx'
import { TransactionsSection } from './TransactionsSection.tsx'

export type SafePagesProps = {
  chainId: number
  address: Address
  /** The gateway's base URL; default: `gatewayUrl` of the run-time config (`readPublicConfig()`). */
  gatewayUrl?: string
}

function resolveGatewayUrl(gatewayUrl: string | undefined): { url: string } | { error: unknown } {
  if (gatewayUrl) return { url: gatewayUrl }
  try {
    return { url: readPublicConfig().gatewayUrl }
  } catch (error) {
    return { error }
  }
}

/**
 * The Safe pages: overview, balances, collectibles, queued and history transactions and messages of
 * one Safe, read from the Safe Client Gateway. Self-contained (it owns its gateway client); needs the
 * app's wagmi and react-query providers around it.
 *
 * @example <SafePages chainId={31337} address="0x…" />
 */
export function SafePages({ chainId, address, gatewayUrl }: SafePagesProps) {
  const resolved = useMemo(() => resolveGatewayUrl(gatewayUrl), [gatewayUrl])
  const client = useMemo(
    () => ('url' in resolved ? createGatewayClient({ baseUrl: resolved.url }) : undefined),
    [resolved],
  )

  return (
    <section className={styles.pages} aria-labelledby="safe-pages-title">
      <h2 id="safe-pages-title">
        Safe <span className={styles.address}>{address}</span>
      </h2>
      {'error' in resolved && <LoadError error={resolved.error} />}
      {client && (
        <>
          <SafeInfoSection client={client} chainId={chainId} address={address} />
          <BalancesSection client={client} chainId={chainId} address={address} />
          <CollectiblesSection client={client} chainId={chainId} address={address} />
          <TransactionsSection client={client} chainId={chainId} address={address} />
          <MessagesSection client={client} chainId={chainId} address={address} />
        </>
      )}
    </section>
  )
}
