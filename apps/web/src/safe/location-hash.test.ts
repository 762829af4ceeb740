import { describe, expect, it } from 'vitest'
import { isSafeRouteHash, isWalletRouteHash } from './location-hash.ts'
import { parseSafeRoute } from './safe-route.ts'

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const hashes = [
  '',
  '#',
  '#/',
  `#/safe/31337/${address}`,
  `#/safe/1/${address.toLowerCase()}/`,
  `#/safe/0/${address}`,
  '#/safe/1/0x12',
  `#/safe/-1/${address}`,
  `#/other/1/${address}`,
  `#/safe-message/1/${address}/0x${'ab'.repeat(32)}`,
]

describe('isSafeRouteHash', () => {
  it('agrees with parseSafeRoute, without viem', () => {
    for (const hash of hashes) expect(isSafeRouteHash(hash), hash).toBe(parseSafeRoute(hash) !== undefined)
  })
})

describe('isWalletRouteHash', () => {
  it('is true for a Safe’s pages and a co-owner’s confirm link', () => {
    expect(hashes.filter(isWalletRouteHash)).toEqual([
      `#/safe/31337/${address}`,
      `#/safe/1/${address.toLowerCase()}/`,
      `#/safe-message/1/${address}/0x${'ab'.repeat(32)}`,
    ])
  })
})
