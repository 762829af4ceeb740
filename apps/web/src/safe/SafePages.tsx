import { createGatewayClient } from '@signet/gateway/client'
import { useMemo } from 'react'
import { useTranslations } from 'use-intl'
import type { Address } from 'viem'
import { readPublicConfig } from '../config/public-config.ts'
import { BalancesSection } from './BalancesSection.tsx'
import { CollectiblesSection } from './CollectiblesSection.tsx'
import { MessagesSection } from './MessagesSection.tsx'
import { SafeInfoSection } from './SafeInfoSection.tsx'
import styles from './SafePages.module.css'
import { SectionBoundary } from './SectionBoundary.tsx'
import { LoadError } from './SectionStatus.tsx'
import { TransactionList } from './TransactionsSection.tsx'

export type SafePagesProps = {
  chainId: number
  address: Address
  /** The gateway's base URL; default: `gatewayUrl` of the run-time config (`readPublicConfig()`). */
  gatewayUrl?: string
  /** 1 where the Safe pages are the page (`#/safe/…`); 2 (default) inside another part of the page. */
  headingLevel?: 1 | 2
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
export function SafePages({ chainId, address, gatewayUrl, headingLevel = 2 }: SafePagesProps) {
  const Title = headingLevel === 1 ? 'h1' : 'h2'
  const t = useTranslations('safe')
  const resolved = useMemo(() => resolveGatewayUrl(gatewayUrl), [gatewayUrl])
  const client = useMemo(
    () => ('url' in resolved ? createGatewayClient({ baseUrl: resolved.url }) : undefined),
    [resolved],
  )

  return (
    <section className={styles.pages} aria-labelledby="safe-pages-title">
      <Title id="safe-pages-title">
        {t.rich('pages.title', {
          address,
          mono: (text) => (
            <span className={styles.address} dir="ltr">
              {text}
            </span>
          ),
        })}
      </Title>
      {'error' in resolved && <LoadError error={resolved.error} />}
      {client && (
        <>
          <SectionBoundary
            title={t('sections.overview')}
            titleId="safe-info-title"
            client={client}
            reads={['safe-info', 'master-copies', 'chain']}
          >
            <SafeInfoSection client={client} chainId={chainId} address={address} />
          </SectionBoundary>
          <SectionBoundary
            title={t('sections.balances')}
            titleId="safe-balances-title"
            client={client}
            reads={['fiat-codes', 'balances']}
          >
            <BalancesSection client={client} chainId={chainId} address={address} />
          </SectionBoundary>
          <SectionBoundary
            title={t('sections.collectibles')}
            titleId="safe-collectibles-title"
            client={client}
            reads={['collectibles']}
          >
            <CollectiblesSection client={client} chainId={chainId} address={address} />
          </SectionBoundary>
          <SectionBoundary
            title={t('sections.queued')}
            titleId="safe-queued-title"
            client={client}
            reads={['queued', 'transaction']}
          >
            <TransactionList client={client} chainId={chainId} address={address} kind="queued" />
          </SectionBoundary>
          <SectionBoundary
            title={t('sections.history')}
            titleId="safe-history-title"
            client={client}
            reads={['history', 'transaction']}
          >
            <TransactionList client={client} chainId={chainId} address={address} kind="history" />
          </SectionBoundary>
          <SectionBoundary
            title={t('sections.messages')}
            titleId="safe-messages-title"
            client={client}
            reads={['messages']}
          >
            <MessagesSection client={client} chainId={chainId} address={address} />
          </SectionBoundary>
        </>
      )}
    </section>
  )
}
