import type { GatewayClient } from '@signet/gateway/client'
import { useGatewayQuery } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { LoadError, Loading } from './SectionStatus.tsx'

type Props = { client: GatewayClient; chainId: number; transactionId: string }

/** The call a transaction makes, as the gateway decodes it (loaded when the details are opened). */
export function TransactionDecoded({ client, chainId, transactionId }: Props) {
  const details = useGatewayQuery(client, ['transaction', chainId, transactionId], () =>
    client.getTransactionDetails(chainId, transactionId),
  )
  if (details.isPending) return <Loading>Loading transaction details…</Loading>
  if (details.isError)
    return (
      <LoadError error={details.error} onRetry={() => void details.refetch()} retrying={details.isFetching} />
    )
  const data = details.data.txData
  if (!data) return <p className={styles.muted}>No call data.</p>
  return (
    <dl className={styles.details}>
      <dt>To</dt>
      <dd className={styles.address}>{data.to.value}</dd>
      <dt>Operation</dt>
      <dd>{data.operation === 1 ? 'Delegate call' : 'Call'}</dd>
      <dt>Method</dt>
      <dd>
        {data.dataDecoded ? data.dataDecoded.method : data.hexData ? 'Not decoded' : 'None (plain transfer)'}
      </dd>
      {data.dataDecoded?.parameters?.map((parameter) => (
        <div key={parameter.name} style={{ display: 'contents' }}>
          <dt>
            {parameter.name} <span className={styles.muted}>({parameter.type})</span>
          </dt>
          <dd className={styles.address}>
            {Array.isArray(parameter.value) ? parameter.value.join(', ') : parameter.value}
          </dd>
        </div>
      ))}
      {!data.dataDecoded && data.hexData && (
        <>
          <dt>Data</dt>
          <dd className={styles.address}>{data.hexData}</dd>
        </>
      )}
    </dl>
  )
}
