import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslations } from 'use-intl'
import type { Messages } from '../i18n/catalogue.ts'
import { errorText } from './error-text.ts'

export type ErrorBoundaryProps = {
  /** What failed, for the console: e.g. `the Safe pages`. */
  part: string
  children: ReactNode
  /** Shown instead of `children` once they threw while rendering; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode
  /** Runs before a retry, e.g. to drop the data that made the part fail. */
  onRetry?: () => void
}

type State = { failed: false } | { failed: true; error: unknown }

/**
 * Catches an exception thrown while rendering `children` (React unmounts the whole root for an
 * uncaught one, leaving a blank page) and shows `fallback` in their place; the rest of the page keeps
 * working. The error goes to the console.
 *
 * @example <ErrorBoundary part="the history" fallback={(error, retry) => <Crashed error={error} onRetry={retry} />}>…</ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[Signet] ${this.props.part} failed to render:`, error, info.componentStack ?? '')
  }

  retry = (): void => {
    this.props.onRetry?.()
    this.setState({ failed: false })
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.retry) : this.props.children
  }
}

/** A part of Signet's own page that can fail on its own, each with its whole sentence in the catalogue. */
export type FailedPart = Exclude<
  keyof Messages['app']['renderFailure'],
  'section' | 'unknownError' | 'tryAgain' | 'reload'
>

/**
 * A part of the page that failed to render: what failed and why, announced as an alert, with a way
 * to try that part again and to reload the page. `part` names one of Signet's own parts; `what` is an
 * already translated section title (the Safe pages' sections).
 */
export function RenderFailure(
  props: { error: unknown; onRetry: () => void; className?: string } & (
    | { part: FailedPart }
    | { what: string }
  ),
) {
  const t = useTranslations()
  const error = errorText(t, props.error)
  return (
    <div role="alert" className={props.className ?? 'notice notice--warning'}>
      <p>
        {'part' in props
          ? t(`app.renderFailure.${props.part}`, { error })
          : t('app.renderFailure.section', { section: props.what, error })}
      </p>
      <div className="notice__actions">
        <button type="button" onClick={props.onRetry}>
          {t('app.renderFailure.tryAgain')}
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          {t('app.renderFailure.reload')}
        </button>
      </div>
    </div>
  )
}
