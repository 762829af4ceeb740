import { useSyncExternalStore } from 'react'

// Kept free of viem: the first paint needs to know the route before any wallet code loads.

/** `#/safe/<chainId>/<address>`, the address of a Safe's pages (docs/CONTRACTS.md). */
export const safeRoutePattern = /^#\/safe\/([1-9]\d{0,15})\/(0x[0-9a-fA-F]{40})\/?$/

/** A co-owner's confirm link (`#/safe-message/<chainId>/<safe>/<hash>`, safe-sign-in/safe-links.ts). */
const safeMessagePrefix = '#/safe-message/'

/** Whether a location hash opens a Safe's pages. */
export function isSafeRouteHash(hash: string): boolean {
  return safeRoutePattern.test(hash)
}

/** Whether a location hash opens a page that works with the wallet from the start. */
export function isWalletRouteHash(hash: string): boolean {
  return isSafeRouteHash(hash) || hash.startsWith(safeMessagePrefix)
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener)
  return () => window.removeEventListener('hashchange', listener)
}

/** The current location hash, kept up to date. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash)
}
