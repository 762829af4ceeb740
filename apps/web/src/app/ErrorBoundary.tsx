import { Component, type ErrorInfo, type ReactNode } from 'react'

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

/** The text of a thrown value: its message, or the value itself. */
export function thrownText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text || 'Unknown error'
}

/**
 * A part of the page that failed to render: what failed and why, announced as an alert, with a way
 * to try that part again and to reload the page.
 */
export function RenderFailure(props: {
  what: string
  error: unknown
  onRetry: () => void
  className?: string
}) {
  return (
    <div role="alert" className={props.className ?? 'notice notice--warning'}>
      <p>
        {props.what} could not be shown because of an unexpected error: {thrownText(props.error)}
      </p>
      <div className="notice__actions">
        <button type="button" onClick={props.onRetry}>
          Try again
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </div>
  )
}
