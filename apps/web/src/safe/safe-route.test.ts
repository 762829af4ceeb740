import { describe, expect, it } from 'vitest'
import { parseSafeRoute, safeRouteHref } from './safe-route.ts'

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('parseSafeRoute', () => {
  it('reads the chain and the checksummed address', () => {
    expect(parseSafeRoute(`#/safe/31337/${address.toLowerCase()}`)).toEqual({ chainId: 31337, address })
    expect(safeRouteHref({ chainId: 1, address })).toBe(`#/safe/1/${address}`)
  })

  it('ignores anything else', () => {
    for (const hash of [
      '',
      '#',
      `#/safe/0/${address}`,
      '#/safe/1/0x12',
      `#/safe/-1/${address}`,
      `#/other/1/${address}`,
    ]) {
      expect(parseSafeRoute(hash)).toBeUndefined()
    }
  })
})
