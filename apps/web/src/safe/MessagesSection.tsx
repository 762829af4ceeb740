import type { GatewayClient } from '@signet/gateway/client'
import type { ReactNode } from 'react'
import { useTranslations } from 'use-intl'
import { useGatewayPages } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { Empty, LoadError, Loading, LoadMore, Timestamp } from './SectionStatus.tsx'
import { messagePreview, messageStatusLabel } from './safe-facts.ts'
import { confirmationCount } from './transaction-summary.ts'

type Props = { client: GatewayClient; chainId: number; address: string }

/** An address or hash inside a sentence: left to right whatever the page's direction. */
const mono = (text: ReactNode) => (
  <span className={styles.address} dir="ltr">
    {text}
  </span>
)

/** Off-chain messages of the Safe with their confirmation state ("n of m confirmations", status). */
export function MessagesSection({ client, chainId, address }: Props) {
  const t = useTranslations()
  const pages = useGatewayPages(client, ['messages', chainId, address], (cursor) =>
    client.getSafeMessages(chainId, address, cursor ? { cursor } : undefined),
  )
  const items = pages.data?.pages.flatMap((page) => page.results) ?? []

  return (
    <section className={styles.card} aria-labelledby="safe-messages-title">
      <h3 id="safe-messages-title">{t('safe.sections.messages')}</h3>
      {pages.isPending && <Loading>{t('safe.messages.loading')}</Loading>}
      {pages.isError && (
        <LoadError error={pages.error} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      )}
      {pages.isSuccess && !items.some((item) => item.type === 'MESSAGE') && (
        <Empty>{t('safe.messages.empty')}</Empty>
      )}
      {items.length > 0 && (
        <ol className={styles.list} data-testid="safe-messages">
          {items.map((item) =>
            item.type === 'DATE_LABEL' ? (
              <li key={`date-${item.timestamp}`} className={styles.groupLabel}>
                <Timestamp value={item.timestamp} dateOnly />
              </li>
            ) : (
              <li key={item.messageHash}>
                <article
                  data-testid="safe-message"
                  aria-label={t('safe.messages.label', { messageHash: item.messageHash })}
                >
                  <pre className={styles.messageText}>{messagePreview(t, item.message)}</pre>
                  <div>
                    <span data-testid="message-status">{messageStatusLabel(t, item.status)}</span>
                    {' · '}
                    <span data-testid="message-confirmations">
                      {confirmationCount(t, item.confirmationsSubmitted, item.confirmationsRequired)}
                    </span>
                  </div>
                  <div className={styles.muted}>
                    {t.rich('safe.messages.proposedBy', { address: item.proposedBy.value, mono })} ·{' '}
                    <Timestamp value={item.creationTimestamp} />
                  </div>
                  <details>
                    <summary>{t('safe.messages.confirmations')}</summary>
                    <ul>
                      {item.confirmations.map((confirmation) => (
                        <li key={confirmation.owner.value} className={styles.address} dir="ltr">
                          {confirmation.owner.value}
                        </li>
                      ))}
                    </ul>
                    <p className={styles.muted}>
                      {t.rich('safe.messages.hash', { messageHash: item.messageHash, mono })}
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
        label={t('safe.messages.loadMore')}
      />
    </section>
  )
}
