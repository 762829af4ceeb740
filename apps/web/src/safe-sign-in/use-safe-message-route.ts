import { useEffect, useState } from 'react'
import { parseSafeMessageRoute, type SafeMessageRoute } from '../safe-message-tracker/safe-links.ts'

/** The confirm link this page was opened with (`#/safe-message/…`), following hash changes. */
export function useSafeMessageRoute(): SafeMessageRoute | undefined {
  const [hash, setHash] = useState(() => window.location.hash)
  useEffect(() => {
    const update = () => setHash(window.location.hash)
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [])
  return parseSafeMessageRoute(hash)
}
