import { errorText } from './gateway-queries.ts'
import styles from './SafePages.module.css'

/** A section's loading line, announced politely to screen readers. */
export function Loading({ children }: { children: string }) {
  return (
    <p role="status" aria-live="polite" className={styles.muted}>
      {children}
    </p>
  )
}

/** A section's failure: the gateway's own error text, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className={styles.error}>
      <p>{errorText(error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  )
}

export function Empty({ children }: { children: string }) {
  return <p className={styles.muted}>{children}</p>
}

/** "Load more" for paged lists, with its own pending state. */
export function LoadMore(props: { hasMore: boolean; loading: boolean; onLoad: () => void; label: string }) {
  if (!props.hasMore) return null
  return (
    <button type="button" onClick={props.onLoad} disabled={props.loading} aria-busy={props.loading}>
      {props.loading ? 'Loading…' : props.label}
    </button>
  )
}

export function formatTime(timestamp: number): string {
  return new Date(timestamp).toLocaleString()
}
