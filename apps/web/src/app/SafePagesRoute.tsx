import { lazy, Suspense } from 'react'
import type { SafeRoute } from './safe-route.ts'

// The Safe pages load on demand: most visitors never open them.
const SafePages = lazy(() =>
  import('../safe/SafePages.tsx').then((module) => ({ default: module.SafePages })),
)

/** A Safe's pages, loaded when first shown. */
export function SafePagesRoute({ route, gatewayUrl }: { route: SafeRoute; gatewayUrl: string }) {
  return (
    <Suspense fallback={<p role="status">Loading the Safe…</p>}>
      <SafePages chainId={route.chainId} address={route.address} gatewayUrl={gatewayUrl} />
    </Suspense>
  )
}
