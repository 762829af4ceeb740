import { createPublicClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createSignInMessage } from './sign-in-message.ts'

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const location = { host: 'localhost:8787', origin: 'http://localhost:8787' }

describe('createSignInMessage', () => {
  it('builds an EIP-4361 message for this page, chain and nonce', () => {
    const issuedAt = new Date('2025-01-02T03:04:05.000Z')
    const message = createSignInMessage({
      address: account.address,
      chainId: 100,
      nonce: 'abcdEFGH12345678',
      appName: 'Signet',
      location,
      issuedAt,
    })
    expect(message).toBe(
      [
        'localhost:8787 wants you to sign in with your Ethereum account:',
        account.address,
        '',
        'Sign in to Signet with your Ethereum account.',
        '',
        'URI: http://localhost:8787',
        'Version: 1',
        'Chain ID: 100',
        'Nonce: abcdEFGH12345678',
        'Issued At: 2025-01-02T03:04:05.000Z',
      ].join('\n'),
    )
    const parsed = parseSiweMessage(message)
    expect(
      validateSiweMessage({
        message: parsed,
        domain: 'localhost:8787',
        nonce: 'abcdEFGH12345678',
        time: issuedAt,
      }),
    ).toBe(true)
  })

  it('is signed and verified as an EOA signature', async () => {
    const message = createSignInMessage({
      address: account.address,
      chainId: 1,
      nonce: 'abcdEFGH12345678',
      appName: 'Signet',
      location,
    })
    const signature = await account.signMessage({ message })
    // An EOA check needs no node: viem recovers the signer locally before any contract call.
    const client = createPublicClient({ transport: http('http://127.0.0.1:1') })
    expect(await verifySiweMessage(client, { message, signature, domain: 'localhost:8787' })).toBe(true)
  })
})
