import { type Address, getAddress } from 'viem'
import { safeRoutePattern } from './location-hash.ts'

// Kept for the modules that read the route and the hash from here.
export { useLocationHash } from './location-hash.ts'

export type SafeRoute = { chainId: number; address: Address }

/**
 * Reads `#/safe/<chainId>/<address>`, the address of a Safe's pages (docs/CONTRACTS.md).
 *
 * @example parseSafeRoute('#/safe/1/0x…') // { chainId: 1, address: '0x…' }
 */
export function parseSafeRoute(hash: string): SafeRoute | undefined {
  const match = safeRoutePattern.exec(hash)
  if (!match?.[1] || !match[2]) return undefined
  return { chainId: Number(match[1]), address: getAddress(match[2]) }
}

/** The link to a Safe's pages. */
export function safeRouteHref(route: SafeRoute): string {
  return `#/safe/${route.chainId}/${route.address}`
}
