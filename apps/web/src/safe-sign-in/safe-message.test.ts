import { safeMessageHash, signSafeMessage } from '@signet/devchain/safe-signatures'
import { type Hex, hashMessage, recoverAddress, sliceHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { safeMessageHashOf, safeMessageTypedData } from '../safe-message-tracker/safe-message-hash.ts'
import { ethSignOwnerSignature } from './safe-message.ts'

const key: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const owner = privateKeyToAccount(key)
const safe = '0xA4899D35897033b927acFCf422bc745916139776' as const
const text = `localhost:8787 wants you to sign in with your Ethereum account:
${safe}

Sign in to Signet as this Safe.

URI: http://localhost:8787
Version: 1
Chain ID: 31337
Nonce: abcdefgh12345678
Issued At: 2026-01-01T00:00:00.000Z
Expiration Time: 2026-01-08T00:00:00.000Z`

describe('safeMessageHashOf', () => {
  it('equals devchain’s safeMessageHash of the text’s EIP-191 hash, with the chain id from 1.3.0 on', () => {
    for (const version of ['1.3.0', '1.4.1', '1.5.0']) {
      expect(safeMessageHashOf({ safe, chainId: 31337, version, text })).toBe(
        safeMessageHash({ safe, chainId: 31337, version, message: hashMessage(text) }),
      )
    }
    expect(safeMessageHashOf({ safe, chainId: 31337, version: '1.4.1', text })).not.toBe(
      safeMessageHashOf({ safe, chainId: 1, version: '1.4.1', text }),
    )
  })

  it('leaves the chain id out of the domain before 1.3.0', () => {
    const legacy = safeMessageHashOf({ safe, chainId: 31337, version: '1.1.1', text })
    expect(legacy).toBe(
      safeMessageHash({ safe, chainId: 31337, version: '1.1.1', message: hashMessage(text) }),
    )
    expect(legacy).toBe(safeMessageHashOf({ safe, chainId: 1, version: '1.1.1', text }))
    expect(safeMessageTypedData({ safe, chainId: 1, version: '1.1.1', text }).domain).toEqual({
      verifyingContract: safe,
    })
  })

  it('gives the typed data whose EIP-712 signature is devchain’s signSafeMessage', async () => {
    const ref = { safe, chainId: 31337, version: '1.4.1', text }
    expect(await owner.signTypedData(safeMessageTypedData(ref))).toBe(
      (await signSafeMessage(key, { safe, chainId: 31337, version: '1.4.1', message: hashMessage(text) }))
        .signature,
    )
  })
})

describe('ethSignOwnerSignature', () => {
  it('adds 4 to v of a personal_sign of the hash; Safe’s eth_sign rule recovers the owner', async () => {
    const hash = safeMessageHashOf({ safe, chainId: 31337, version: '1.4.1', text })
    const personal = await owner.signMessage({ message: { raw: hash } })
    const adjusted = ethSignOwnerSignature(personal)
    expect(sliceHex(adjusted, 0, 64)).toBe(sliceHex(personal, 0, 64))
    expect(Number(sliceHex(adjusted, 64))).toBe(Number(sliceHex(personal, 64)) + 4)
    // Safe: v > 30 → ecrecover(keccak256("\x19Ethereum Signed Message:\n32" ‖ hash), v − 4, r, s).
    const restored = `${sliceHex(adjusted, 0, 64)}${(Number(sliceHex(adjusted, 64)) - 4).toString(16)}` as Hex
    expect(await recoverAddress({ hash: hashMessage({ raw: hash }), signature: restored })).toBe(
      owner.address,
    )
  })

  it('accepts v as 0/1 and refuses anything that is not a 65-byte ECDSA signature', async () => {
    const personal = await owner.signMessage({ message: 'x' })
    const v = Number(sliceHex(personal, 64))
    const zeroBased = `${sliceHex(personal, 0, 64)}0${v - 27}` as Hex
    expect(ethSignOwnerSignature(zeroBased)).toBe(ethSignOwnerSignature(personal))
    expect(() => ethSignOwnerSignature('0x1234')).toThrow('an owner signature has 65 bytes, got 2')
    expect(() => ethSignOwnerSignature(`${sliceHex(personal, 0, 64)}1f` as Hex)).toThrow(
      'unexpected signature v 31',
    )
  })
})
