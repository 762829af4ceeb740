import type { GatewayClient } from '@signet/gateway/client'
import { useGatewayPages } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { Empty, LoadError, Loading, LoadMore, Timestamp } from './SectionStatus.tsx'
import { messagePreview, messageStatusLabels } from './safe-facts.ts'
import { confirmationCount } from './transaction-summary.ts'

type Props = { client: GatewayClient; chainId: number; address: string }

/** Off-chain messages of the Safe with their confirmation state ("n of m confirmations", status). */
export function MessagesSection({ client, chainId, address }: Props) {
  const pages = useGatewayPages(client, ['messages', chainId, address], (cursor) =>
    client.getSafeMessages(chainId, address, cursor ? { cursor } : undefined),
  )
  const items = pages.data?.pages.flatMap((page) => page.results) ?? []

  return (
    <section className={styles.card} aria-labelledby="safe-messages-title">
      <h3 id="safe-messages-title">Messages</h3>
      {pages.isPending && <Loading>Loading messages…</Loading>}
      {pages.isError && (
        <LoadError error={pages.error} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      )}
      {pages.isSuccess && !items.some((item) => item.type === 'MESSAGE') && <Empty>No messages.</Empty>}
      {items.length > 0 && (
        <ol className={styles.list} data-testid="safe-messages">
          {items.map((item) =>
            item.type === 'DATE_LABEL' ? (
              <li key={`date-${item.timestamp}`} className={styles.groupLabel}>
                <Timestamp value={item.timestamp} dateOnly />
              </li>
            ) : (
              <li key={item.messageHash}>
                <article data-testid="safe-message" aria-label={`Message ${item.messageHash}`}>
                  <pre className={styles.messageText}>{messagePreview(item.message)}</pre>
                  <div>
                    <span data-testid="message-status">{messageStatusLabels[item.status]}</span>
                    {' · '}
                    <span data-testid="message-confirmations">
                      {confirmationCount(item.confirmationsSubmitted, item.confirmationsRequired)}
                    </span>
                  </div>
                  <div className={styles.muted}>
                    Proposed by <span className={styles.address}>{item.proposedBy.value}</span> ·{' '}
                    <Timestamp value={item.creationTimestamp} />
                  </div>
                  <details>
                    <summary>Confirmations</summary>
                    <ul>
                      {item.confirmations.map((confirmation) => (
                        <li key={confirmation.owner.value} className={styles.address}>
                          {confirmation.owner.value}
                        </li>
                      ))}
                    </ul>
                    <p className={styles.muted}>
                      Message hash: <span className={styles.address}>{item.messageHash}</span>
                    </p>
                  </details>
                </article>
              </li>
            ),
          )}
        </ol>
      )}
      <LoadMore
        hasMore={pages.hasNextPage}
        loading={pages.isFetchingNextPage}
        onLoad={() => void pages.fetchNextPage()}
        label="Load more messages"
      />
    </section>
  )
}
