import { type Hex, hashMessage, recoverAddress, recoverTypedDataAddress, sliceHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { safeMessageHashOf, safeMessageTypedData } from '../safe-message-tracker/safe-message-hash.ts'
import { ProviderRpcError } from '../wallet/demo-wallet/demo-provider.ts'
import { signAsOwner } from './owner-signature.ts'

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const ref = {
  safe: '0xA4899D35897033b927acFCf422bc745916139776',
  chainId: 31337,
  version: '1.4.1',
  text: 'hello',
} as const

// A wallet backed by a real key; `typedData` says how it answers eth_signTypedData_v4.
function wallet(typedData: 'signs' | Error) {
  const calls: string[] = []
  return {
    calls,
    signer: {
      async signTypedData(data: ReturnType<typeof safeMessageTypedData>) {
        calls.push('eth_signTypedData_v4')
        if (typedData instanceof Error) throw typedData
        return owner.signTypedData(data)
      },
      async signRawHash(hash: Hex) {
        calls.push('personal_sign')
        return owner.signMessage({ message: { raw: hash } })
      },
    },
  }
}

describe('signAsOwner', () => {
  it('signs the SafeMessage with EIP-712 when the wallet can', async () => {
    const { signer, calls } = wallet('signs')
    const { signature, kind } = await signAsOwner(signer, ref)
    expect(kind).toBe('eip712')
    expect(calls).toEqual(['eth_signTypedData_v4'])
    expect(await recoverTypedDataAddress({ ...safeMessageTypedData(ref), signature })).toBe(owner.address)
  })

  it('falls back to personal_sign of the hash with v + 4 when the wallet lacks typed data (4200, -32601)', async () => {
    for (const error of [
      new ProviderRpcError(4200, 'The wallet does not support the method "eth_signTypedData_v4".'),
      new Error('wrapped', { cause: new ProviderRpcError(-32601, 'The method does not exist') }),
    ]) {
      const { signer, calls } = wallet(error)
      const { signature, kind } = await signAsOwner(signer, ref)
      expect(kind).toBe('eth_sign')
      expect(calls).toEqual(['eth_signTypedData_v4', 'personal_sign'])
      const v = Number(sliceHex(signature, 64))
      expect([31, 32]).toContain(v)
      const restored = `${sliceHex(signature, 0, 64)}${(v - 4).toString(16)}` as Hex
      const hash = safeMessageHashOf(ref)
      expect(await recoverAddress({ hash: hashMessage({ raw: hash }), signature: restored })).toBe(
        owner.address,
      )
    }
  })

  it('does not ask again another way when the user rejects, or on any other failure', async () => {
    for (const error of [
      new ProviderRpcError(4001, 'User rejected the request.'),
      new Error('network down'),
    ]) {
      const { signer, calls } = wallet(error)
      await expect(signAsOwner(signer, ref)).rejects.toBe(error)
      expect(calls).toEqual(['eth_signTypedData_v4'])
    }
  })
})
