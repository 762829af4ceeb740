import { useSyncExternalStore } from 'react'
import { type Address, getAddress, isAddress } from 'viem'

export type SafeRoute = { chainId: number; address: Address }

/**
 * Reads `#/safe/<chainId>/<address>`, the address of a Safe's pages (docs/CONTRACTS.md).
 *
 * @example parseSafeRoute('#/safe/1/0x…') // { chainId: 1, address: '0x…' }
 */
export function parseSafeRoute(hash: string): SafeRoute | undefined {
  const match = /^#\/safe\/([1-9]\d{0,15})\/(0x[0-9a-fA-F]{40})\/?$/.exec(hash)
  if (!match?.[1] || !match[2] || !isAddress(match[2], { strict: false })) return undefined
  return { chainId: Number(match[1]), address: getAddress(match[2]) }
}

/** The link to a Safe's pages. */
export function safeRouteHref(route: SafeRoute): string {
  return `#/safe/${route.chainId}/${route.address}`
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener)
  return () => window.removeEventListener('hashchange', listener)
}

/** The current location hash, kept up to date. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash)
}
