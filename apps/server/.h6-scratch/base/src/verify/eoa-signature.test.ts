import {
  concat,
  type Hex,
  hashMessage,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
  slice,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { recoverEoaSigner } from './eoa-signature.ts'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const text = 'example.org wants you to sign in with your Ethereum account: (any text works here)'
const hash = hashMessage(text)

/** The same signature with its last byte (v) replaced. */
function withV(signature: Hex, v: number): Hex {
  return concat([slice(signature, 0, 64), toHex(v, { size: 1 })])
}

describe('recoverEoaSigner', () => {
  it('recovers from a 65-byte signature with v 27/28 and with v 0/1', async () => {
    const signature = await account.signMessage({ message: text })
    const { yParity } = parseSignature(signature)
    expect(await recoverEoaSigner(hash, signature)).toBe(account.address)
    expect(await recoverEoaSigner(hash, withV(signature, yParity ?? 0))).toBe(account.address)
    expect(await recoverEoaSigner(hash, withV(signature, 27 + (yParity ?? 0)))).toBe(account.address)
  })

  it('recovers from a 64-byte EIP-2098 compact signature', async () => {
    const signature = await account.signMessage({ message: text })
    const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)))
    expect(compact.length).toBe(2 + 128)
    expect(await recoverEoaSigner(hash, compact)).toBe(account.address)
  })

  it('gives undefined, not an exception, for malformed signatures', async () => {
    const signature = await account.signMessage({ message: text })
    for (const bad of [
      '0x',
      slice(signature, 0, 63), // truncated
      concat([signature, '0x00']), // 66 bytes
      withV(signature, 29),
      withV(signature, 2),
      `0x${'00'.repeat(65)}`, // r = s = 0
      `0x${'ff'.repeat(65)}`,
      `0x${'00'.repeat(64)}`,
    ] as Hex[]) {
      expect(await recoverEoaSigner(hash, bad), bad).toBeUndefined()
    }
  })

  it('recovers another signer when the message differs', async () => {
    const signature = await account.signMessage({ message: `${text}!` })
    expect(await recoverEoaSigner(hash, signature)).not.toBe(account.address)
  })
})
