import fc from 'fast-check'
import { keccak256 as viemKeccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { keccak256, loadNativeKeccak, nativeKeccakAvailable } from './keccak256.ts'

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`

describe('keccak256', () => {
  it('loaded the native binding here (the package ships a linux-x64 prebuilt)', () => {
    expect(nativeKeccakAvailable()).toBe(true)
    expect(loadNativeKeccak('no-such-keccak-package')).toBeUndefined()
  })

  it('gives the known digests of "" and "abc" on both implementations', () => {
    for (const implementation of ['native', 'javascript'] as const) {
      expect(hex(keccak256([], implementation))).toBe(
        '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      )
      expect(hex(keccak256([Buffer.from('abc')], implementation))).toBe(
        '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
      )
    }
  })

  it('native, @noble/hashes and viem agree on any bytes in any split, around the 136-byte block edges too', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ minLength: 134, maxLength: 138 })),
          {
            maxLength: 4,
          },
        ),
        fc.boolean(),
        (parts, asViews) => {
          // Plain Uint8Array views at an offset, as libsecp256k1's output is, must hash as their bytes.
          const input = asViews
            ? parts.map((part) => new Uint8Array([0, ...part]).subarray(1))
            : parts.map((part) => Buffer.from(part))
          const expected = viemKeccak256(Buffer.concat(parts))
          expect(hex(keccak256(input, 'native'))).toBe(expected)
          expect(hex(keccak256(input, 'javascript'))).toBe(expected)
        },
      ),
      { numRuns: 500 },
    )
  })
})
