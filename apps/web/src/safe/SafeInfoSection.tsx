import type { GatewayClient } from '@signet/gateway/client'
import { useGatewayQuery } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { LoadError, Loading } from './SectionStatus.tsx'
import { isSupportedMasterCopy } from './safe-facts.ts'

type Props = { client: GatewayClient; chainId: number; address: string }

/** Owners, threshold, nonce, version and whether the master copy is one the gateway supports. */
export function SafeInfoSection({ client, chainId, address }: Props) {
  const info = useGatewayQuery(client, ['safe-info', chainId, address], () =>
    client.getSafeInfo(chainId, address),
  )
  const masterCopies = useGatewayQuery(client, ['master-copies', chainId], () =>
    client.getMasterCopies(chainId),
  )
  const chain = useGatewayQuery(client, ['chain', chainId], () => client.getChainConfig(chainId))

  return (
    <section className={styles.card} aria-labelledby="safe-info-title">
      <h3 id="safe-info-title">Overview</h3>
      {info.isPending && <Loading>Loading Safe info…</Loading>}
      {info.isError && (
        <LoadError error={info.error} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      )}
      {info.data && (
        <>
          <dl className={styles.details}>
            <dt>Address</dt>
            <dd className={styles.address} data-testid="safe-address">
              {info.data.address.value}
            </dd>
            <dt>Chain</dt>
            <dd>{chain.data ? `${chain.data.chainName} (chain ${chainId})` : `Chain ${chainId}`}</dd>
            <dt>Threshold</dt>
            <dd data-testid="safe-threshold">
              {info.data.threshold} of {info.data.owners.length} owners
            </dd>
            <dt>Nonce</dt>
            <dd data-testid="safe-nonce">{info.data.nonce}</dd>
            <dt>Version</dt>
            <dd data-testid="safe-version">{info.data.version ?? 'Unknown'}</dd>
            <dt>Master copy</dt>
            <dd data-testid="safe-master-copy">
              <span className={styles.address}>{info.data.implementation.value}</span>
              {masterCopies.isPending && <span className={styles.badge}>Checking…</span>}
              {masterCopies.isError && (
                <span className={styles.badge}>Support unknown: {masterCopies.error.message}</span>
              )}
              {masterCopies.data && (
                <span className={styles.badge}>
                  {isSupportedMasterCopy(info.data.implementation.value, masterCopies.data)
                    ? 'Supported master copy'
                    : 'Not a supported master copy'}
                </span>
              )}
            </dd>
            {info.data.fallbackHandler && (
              <>
                <dt>Fallback handler</dt>
                <dd className={styles.address}>{info.data.fallbackHandler.value}</dd>
              </>
            )}
          </dl>
          <h4 id="safe-owners-title">Owners</h4>
          <ul aria-labelledby="safe-owners-title" data-testid="safe-owners">
            {info.data.owners.map((owner) => (
              <li key={owner.value} className={styles.address}>
                {owner.value}
                {owner.name ? ` (${owner.name})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
