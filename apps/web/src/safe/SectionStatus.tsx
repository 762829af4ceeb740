import { useFormatter, useTranslations } from 'use-intl'
import { errorText } from '../lib/error-text.ts'
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
  const t = useTranslations()
  return (
    <div role="alert" className={styles.error}>
      <p>{errorText(t, error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? t('safe.status.retrying') : t('safe.status.retry')}
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
  const t = useTranslations('safe.status')
  if (!props.hasMore) return null
  return (
    <button type="button" onClick={props.onLoad} disabled={props.loading} aria-busy={props.loading}>
      {props.loading ? t('loadingMore') : props.label}
    </button>
  )
}

// The fields `toLocaleDateString()` / `toLocaleString()` show, in the page's language and time zone.
const dateFields = { year: 'numeric', month: 'numeric', day: 'numeric' } as const
const dateTimeFields = { ...dateFields, hour: 'numeric', minute: 'numeric', second: 'numeric' } as const

/**
 * A gateway timestamp (ms) as a date, or date and time. One out of the Date range (the schema only
 * asks for a number) reads "Unknown date" instead of throwing while the list renders.
 */
export function Timestamp({ value, dateOnly = false }: { value: number; dateOnly?: boolean }) {
  const t = useTranslations('safe.status')
  const format = useFormatter()
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return <span>{t('unknownDate')}</span>
  return (
    <time dateTime={date.toISOString()}>{format.dateTime(date, dateOnly ? dateFields : dateTimeFields)}</time>
  )
}
