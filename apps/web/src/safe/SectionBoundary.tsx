import type { GatewayClient } from '@signet/gateway/client'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorBoundary, RenderFailure } from '../lib/ErrorBoundary.tsx'
import { gatewayQueryKey } from './gateway-queries.ts'
import styles from './SafePages.module.css'

type Props = {
  /** The section's heading, kept in its place when the section fails. */
  title: string
  titleId: string
  client: GatewayClient
  /** Names of the gateway reads the section shows (`'balances'`): dropped on "Try again". */
  reads: string[]
  children: ReactNode
}

/**
 * One Safe page section that cannot take the others down: an exception while it renders leaves its
 * heading and an alert with the error in its place. "Try again" drops the section's gateway data
 * (what it failed to show) so it is read afresh.
 */
export function SectionBoundary({ title, titleId, client, reads, children }: Props) {
  const queryClient = useQueryClient()
  return (
    <ErrorBoundary
      part={`the Safe pages' ${title} section`}
      onRetry={() => {
        for (const read of reads) queryClient.removeQueries({ queryKey: gatewayQueryKey(client, read) })
      }}
      fallback={(error, retry) => (
        <section className={styles.card} aria-labelledby={titleId}>
          <h3 id={titleId}>{title}</h3>
          <RenderFailure what={title} error={error} onRetry={retry} className={styles.error} />
        </section>
      )}
    >
      {children}
    </ErrorBoundary>
  )
}
