import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslations } from 'use-intl'
import { ErrorBoundary, RenderFailure } from '../lib/ErrorBoundary.tsx'
import type { SafeRoute } from './safe-route.ts'

// The Safe pages load on demand: most visitors never open them. Made anew for each try: React keeps
// a lazy component's failed import, so "Try again" after a failed download needs a new one.
const loadSafePages = () =>
  lazy(() => import('./SafePages.tsx').then((module) => ({ default: module.SafePages })))

/** A Safe's pages, loaded when first shown; a failed download or render leaves an alert, not a blank page. */
export function SafePagesRoute({
  route,
  gatewayUrl,
  headingLevel,
}: {
  route: SafeRoute
  gatewayUrl: string
  /** 1 where the Safe pages are the page; 2 (default) inside the account area. */
  headingLevel?: 1 | 2
}) {
  const t = useTranslations('app')
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what asks for a new component
  const SafePages = useMemo(loadSafePages, [attempt])
  return (
    <ErrorBoundary
      part="the Safe pages"
      onRetry={() => setAttempt((count) => count + 1)}
      fallback={(error, retry) => <RenderFailure part="safePages" error={error} onRetry={retry} />}
    >
      <Suspense fallback={<p role="status">{t('loadingSafe')}</p>}>
        <SafePages
          chainId={route.chainId}
          address={route.address}
          gatewayUrl={gatewayUrl}
          {...(headingLevel ? { headingLevel } : {})}
        />
      </Suspense>
    </ErrorBoundary>
  )
}
