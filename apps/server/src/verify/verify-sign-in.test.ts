import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { SignInError } from '../errors.ts'
import { verifySignIn } from './verify-sign-in.ts'

// anvil's first public test key: nothing of value.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

async function signed(version: string) {
  const message = createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: 'signet.example',
    nonce: 'abcdefgh12345678',
    uri: 'https://signet.example/',
    version: '1',
    issuedAt: new Date('2026-01-01T00:00:00Z'),
  }).replace('Version: 1', `Version: ${version}`)
  return { message, signature: await account.signMessage({ message }) }
}

describe('verifySignIn', () => {
  it('proves an EOA sign-in of version 1', async () => {
    const result = await verifySignIn({ ...(await signed('1')), time: Date.parse('2026-01-02T00:00:00Z') })
    expect(result).toMatchObject({ address: account.address, chainId: 1, accountType: 'eoa' })
  })

  it('refuses another version with unsupported_version, however good the signature', async () => {
    const error = await verifySignIn({
      ...(await signed('2')),
      time: Date.parse('2026-01-02T00:00:00Z'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignInError)
    expect((error as SignInError).code).toBe('unsupported_version')
  })
})
