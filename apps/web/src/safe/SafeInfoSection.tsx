import type { GatewayClient } from '@signet/gateway/client'
import { useTranslations } from 'use-intl'
import { useGatewayQuery } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { LoadError, Loading } from './SectionStatus.tsx'
import { isSupportedMasterCopy } from './safe-facts.ts'

type Props = { client: GatewayClient; chainId: number; address: string }

/** Owners, threshold, nonce, version and whether the master copy is one the gateway supports. */
export function SafeInfoSection({ client, chainId, address }: Props) {
  const t = useTranslations('safe')
  const info = useGatewayQuery(client, ['safe-info', chainId, address], () =>
    client.getSafeInfo(chainId, address),
  )
  const masterCopies = useGatewayQuery(client, ['master-copies', chainId], () =>
    client.getMasterCopies(chainId),
  )
  const chain = useGatewayQuery(client, ['chain', chainId], () => client.getChainConfig(chainId))

  return (
    <section className={styles.card} aria-labelledby="safe-info-title">
      <h3 id="safe-info-title">{t('sections.overview')}</h3>
      {info.isPending && <Loading>{t('info.loading')}</Loading>}
      {info.isError && (
        <LoadError error={info.error} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      )}
      {info.data && (
        <>
          <dl className={styles.details}>
            <dt>{t('info.address')}</dt>
            <dd className={styles.address} data-testid="safe-address" dir="ltr">
              {info.data.address.value}
            </dd>
            <dt>{t('info.chain')}</dt>
            <dd>
              {chain.data
                ? t('info.chainNamed', { chainName: chain.data.chainName, chainId })
                : t('info.chainUnnamed', { chainId })}
            </dd>
            <dt>{t('info.threshold')}</dt>
            <dd data-testid="safe-threshold">
              {t('info.thresholdValue', {
                threshold: info.data.threshold,
                ownerCount: info.data.owners.length,
              })}
            </dd>
            <dt>{t('info.nonce')}</dt>
            <dd data-testid="safe-nonce">{info.data.nonce}</dd>
            <dt>{t('info.version')}</dt>
            <dd data-testid="safe-version">{info.data.version ?? t('info.versionUnknown')}</dd>
            <dt>{t('info.masterCopy')}</dt>
            <dd data-testid="safe-master-copy">
              <span className={styles.address} dir="ltr">
                {info.data.implementation.value}
              </span>
              {masterCopies.isPending && <span className={styles.badge}>{t('info.masterCopyChecking')}</span>}
              {masterCopies.isError && (
                <span className={styles.badge}>
                  {t('info.masterCopySupportUnknown', { reason: masterCopies.error.message })}
                </span>
              )}
              {masterCopies.data && (
                <span className={styles.badge}>
                  {isSupportedMasterCopy(info.data.implementation.value, masterCopies.data)
                    ? t('info.masterCopySupported')
                    : t('info.masterCopyNotSupported')}
                </span>
              )}
            </dd>
            {info.data.fallbackHandler && (
              <>
                <dt>{t('info.fallbackHandler')}</dt>
                <dd className={styles.address} dir="ltr">
                  {info.data.fallbackHandler.value}
                </dd>
              </>
            )}
          </dl>
          <h4 id="safe-owners-title">{t('info.owners')}</h4>
          <ul aria-labelledby="safe-owners-title" data-testid="safe-owners">
            {info.data.owners.map((owner) => (
              <li key={owner.value} className={styles.address}>
                <bdi dir="ltr">{owner.value}</bdi>
                {owner.name ? ` ${t('info.ownerName', { name: owner.name })}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
