import { safeMessageHash } from '@signet/devchain/safe-signatures'
import { hashMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { safeMessageHashOf } from './safe-message-hash.ts'

const safe = '0x1c6b0d1a1b6e0d5e3a3d4c4a6b5a5c2f2c2d1e0f'
const text =
  'localhost:8787 wants you to sign in with your Ethereum account:\n0x1c6b0d1a1b6e0d5e3a3d4c4a6b5a5c2f2c2d1e0f'

describe('safeMessageHashOf', () => {
  it('equals the SafeMessage hash owners sign, with the chain id from 1.3.0 on', () => {
    for (const version of ['1.3.0', '1.4.1', '1.5.0']) {
      expect(safeMessageHashOf({ safe, chainId: 31337, version, text })).toBe(
        safeMessageHash({ safe, chainId: 31337, version, message: hashMessage(text) }),
      )
    }
  })

  it('leaves the chain id out of the domain before 1.3.0', () => {
    const legacy = safeMessageHashOf({ safe, chainId: 31337, version: '1.1.1', text })
    expect(legacy).toBe(
      safeMessageHash({ safe, chainId: 31337, version: '1.1.1', message: hashMessage(text) }),
    )
    expect(legacy).toBe(safeMessageHashOf({ safe, chainId: 1, version: '1.1.1', text }))
    expect(legacy).not.toBe(safeMessageHashOf({ safe, chainId: 31337, version: '1.3.0', text }))
  })
})
