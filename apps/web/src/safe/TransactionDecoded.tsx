import type { GatewayClient } from '@signet/gateway/client'
import { useTranslations } from 'use-intl'
import { useGatewayQuery } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { LoadError, Loading } from './SectionStatus.tsx'

type Props = { client: GatewayClient; chainId: number; transactionId: string }

/** The call a transaction makes, as the gateway decodes it (loaded when the details are opened). */
export function TransactionDecoded({ client, chainId, transactionId }: Props) {
  const t = useTranslations('safe.decoded')
  const details = useGatewayQuery(client, ['transaction', chainId, transactionId], () =>
    client.getTransactionDetails(chainId, transactionId),
  )
  if (details.isPending) return <Loading>{t('loading')}</Loading>
  if (details.isError)
    return (
      <LoadError error={details.error} onRetry={() => void details.refetch()} retrying={details.isFetching} />
    )
  const data = details.data.txData
  if (!data) return <p className={styles.muted}>{t('noCallData')}</p>
  return (
    <dl className={styles.details}>
      <dt>{t('to')}</dt>
      <dd className={styles.address} dir="ltr">
        {data.to.value}
      </dd>
      <dt>{t('operation')}</dt>
      <dd>{data.operation === 1 ? t('delegateCall') : t('call')}</dd>
      <dt>{t('method')}</dt>
      <dd>
        {data.dataDecoded ? (
          <bdi dir="ltr">{data.dataDecoded.method}</bdi>
        ) : data.hexData ? (
          t('notDecoded')
        ) : (
          t('noMethod')
        )}
      </dd>
      {data.dataDecoded?.parameters?.map((parameter) => (
        <div key={parameter.name} style={{ display: 'contents' }}>
          <dt>
            {parameter.name} <span className={styles.muted}>({parameter.type})</span>
          </dt>
          <dd className={styles.address} dir="ltr">
            {Array.isArray(parameter.value) ? parameter.value.join(', ') : parameter.value}
          </dd>
        </div>
      ))}
      {!data.dataDecoded && data.hexData && (
        <>
          <dt>{t('data')}</dt>
          <dd className={styles.address} dir="ltr">
            {data.hexData}
          </dd>
        </>
      )}
    </dl>
  )
}
