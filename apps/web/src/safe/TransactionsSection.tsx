import type { GatewayClient } from '@signet/gateway/client'
import type {
  HistoryItem,
  HistoryPage,
  QueuedItem,
  QueuedPage,
  TransactionSummary,
} from '@signet/gateway/responses/transactions'
import { useState } from 'react'
import { useLocale, useTranslations } from 'use-intl'
import { useGatewayPages } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { Empty, LoadError, Loading, LoadMore, Timestamp } from './SectionStatus.tsx'
import { TransactionDecoded } from './TransactionDecoded.tsx'
import { describeExecution, describeTransaction, transactionStatusLabel } from './transaction-summary.ts'

type Props = { client: GatewayClient; chainId: number; address: string }

function TransactionEntry(props: {
  client: GatewayClient
  chainId: number
  transaction: TransactionSummary
}) {
  const { transaction } = props
  const t = useTranslations()
  const locale = useLocale()
  const [open, setOpen] = useState(false)
  const execution = describeExecution(t, transaction.executionInfo)
  return (
    <article data-testid="transaction">
      <div>{describeTransaction(t, locale, transaction.txInfo)}</div>
      <div className={styles.muted}>
        <span data-testid="transaction-status">{transactionStatusLabel(t, transaction.txStatus)}</span>
        {execution && ` · ${execution}`} · <Timestamp value={transaction.timestamp} />
      </div>
      {transaction.id.startsWith('multisig_') && (
        <details onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>{t('safe.transactions.decodedCall')}</summary>
          {open && (
            <TransactionDecoded
              client={props.client}
              chainId={props.chainId}
              transactionId={transaction.id}
            />
          )}
        </details>
      )}
    </article>
  )
}

function ItemRow(props: { client: GatewayClient; chainId: number; item: QueuedItem | HistoryItem }) {
  const { item } = props
  const t = useTranslations('safe.transactions')
  switch (item.type) {
    case 'LABEL':
      return <li className={styles.groupLabel}>{item.label}</li>
    case 'CONFLICT_HEADER':
      return <li className={styles.groupLabel}>{t('conflictHeader', { nonce: item.nonce })}</li>
    case 'DATE_LABEL':
      return (
        <li className={styles.groupLabel}>
          <Timestamp value={item.timestamp} dateOnly />
        </li>
      )
    case 'TRANSACTION':
      return (
        <li>
          <TransactionEntry client={props.client} chainId={props.chainId} transaction={item.transaction} />
        </li>
      )
  }
}

function itemKey(item: QueuedItem | HistoryItem, index: number): string {
  return item.type === 'TRANSACTION' ? item.transaction.id : `${item.type}-${index}`
}

/** Queued transactions or the history, as the gateway lists and decodes them. */
export function TransactionList(props: Props & { kind: 'queued' | 'history' }) {
  const { client, chainId, address, kind } = props
  const t = useTranslations('safe')
  const pages = useGatewayPages<QueuedPage | HistoryPage>(client, [kind, chainId, address], (cursor) => {
    const query = cursor ? { cursor } : undefined
    return kind === 'queued'
      ? client.getTransactionQueue(chainId, address, query)
      : client.getTransactionHistory(chainId, address, query)
  })
  const items: (QueuedItem | HistoryItem)[] =
    pages.data?.pages.flatMap((page): (QueuedItem | HistoryItem)[] => page.results) ?? []
  const title = kind === 'queued' ? t('sections.queued') : t('sections.history')
  const titleId = `safe-${kind}-title`
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {pages.isPending && (
        <Loading>
          {kind === 'queued' ? t('transactions.loadingQueued') : t('transactions.loadingHistory')}
        </Loading>
      )}
      {pages.isError && (
        <LoadError error={pages.error} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      )}
      {pages.isSuccess && !items.some((item) => item.type === 'TRANSACTION') && (
        <Empty>{kind === 'queued' ? t('transactions.emptyQueued') : t('transactions.emptyHistory')}</Empty>
      )}
      {items.length > 0 && (
        <ol className={styles.list} data-testid={`${kind}-transactions`}>
          {items.map((item, index) => (
            <ItemRow key={itemKey(item, index)} client={client} chainId={chainId} item={item} />
          ))}
        </ol>
      )}
      <LoadMore
        hasMore={pages.hasNextPage}
        loading={pages.isFetchingNextPage}
        onLoad={() => void pages.fetchNextPage()}
        label={kind === 'queued' ? t('transactions.loadMoreQueued') : t('transactions.loadMoreHistory')}
      />
    </section>
  )
}
