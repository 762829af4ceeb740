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

/**
 * A section's failure: the gateway's own error text, and a way to try again (busy while the retry
 * runs: the failed read keeps its error until the new answer is in).
 */
export function LoadError(props: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  const { error, onRetry, retrying = false } = props
  return (
    <div role="alert" className={styles.error}>
      <p>{errorText(error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
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

/**
 * A gateway timestamp (ms) as a date, or date and time. One out of the Date range (the schema only
 * asks for a number) reads "Unknown date" instead of throwing while the list renders.
 */
export function Timestamp({ value, dateOnly = false }: { value: number; dateOnly?: boolean }) {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return <span>Unknown date</span>
  return (
    <time dateTime={date.toISOString()}>{dateOnly ? date.toLocaleDateString() : date.toLocaleString()}</time>
  )
}
