import { useEffect, useSyncExternalStore } from 'react'
import type { SafeSignInTracker } from './safe-sign-in-tracker.ts'

/** A tracker's state for React; coming back to the tab looks again at once. */
export function useSafeSignInState<Extra extends object>(tracker: SafeSignInTracker<Extra>) {
  const state = useSyncExternalStore(tracker.subscribe, tracker.getState)
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') tracker.lookNow()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [tracker])
  return state
}
