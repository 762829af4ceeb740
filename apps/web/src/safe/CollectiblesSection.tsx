import type { GatewayClient } from '@signet/gateway/client'
import { useTranslations } from 'use-intl'
import { useGatewayPages } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { Empty, LoadError, Loading, LoadMore } from './SectionStatus.tsx'

type Props = { client: GatewayClient; chainId: number; address: string }

/** The Safe's NFTs (the gateway's paged v2 list). */
export function CollectiblesSection({ client, chainId, address }: Props) {
  const t = useTranslations('safe')
  const pages = useGatewayPages(client, ['collectibles', chainId, address], (cursor) =>
    client.getCollectiblesPage(chainId, address, cursor ? { cursor } : undefined),
  )
  const items = pages.data?.pages.flatMap((page) => page.results) ?? []

  return (
    <section className={styles.card} aria-labelledby="safe-collectibles-title">
      <h3 id="safe-collectibles-title">{t('sections.collectibles')}</h3>
      {pages.isPending && <Loading>{t('collectibles.loading')}</Loading>}
      {pages.isError && (
        <LoadError error={pages.error} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      )}
      {pages.isSuccess && items.length === 0 && <Empty>{t('collectibles.empty')}</Empty>}
      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={`${item.address}-${item.id}`}>
              {item.imageUri && (
                <>
                  <img src={item.imageUri} alt="" width={48} height={48} loading="lazy" />{' '}
                </>
              )}
              <strong>
                {item.name ?? t('collectibles.unnamed', { tokenName: item.tokenName, id: item.id })}
              </strong>{' '}
              <span className={styles.muted}>
                {item.tokenSymbol} ·{' '}
                <span className={styles.address} dir="ltr">
                  {item.address}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={pages.hasNextPage}
        loading={pages.isFetchingNextPage}
        onLoad={() => void pages.fetchNextPage()}
        label={t('collectibles.loadMore')}
      />
    </section>
  )
}
