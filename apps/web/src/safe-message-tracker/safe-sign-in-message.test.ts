import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createSafeSignInMessage } from './safe-sign-in-message.ts'

const safe = '0xA4899D35897033b927acFCf422bc745916139776'
const location = { host: 'localhost:8787', origin: 'http://localhost:8787' }
const issuedAt = new Date('2026-01-01T00:00:00.000Z')

describe('createSafeSignInMessage', () => {
  it('names the Safe, its chain and the server’s nonce, and expires a week after it is issued', () => {
    const text = createSafeSignInMessage({
      safe,
      chainId: 31337,
      nonce: 'abcdefgh12345678',
      appName: 'Signet',
      location,
      issuedAt,
    })
    expect(text).toBe(`localhost:8787 wants you to sign in with your Ethereum account:
${safe}

Sign in to Signet as this Safe.

URI: http://localhost:8787
Version: 1
Chain ID: 31337
Nonce: abcdefgh12345678
Issued At: 2026-01-01T00:00:00.000Z
Expiration Time: 2026-01-08T00:00:00.000Z`)
    expect(parseSiweMessage(text)).toMatchObject({
      address: safe,
      chainId: 31337,
      expirationTime: new Date('2026-01-08T00:00:00.000Z'),
    })
  })

  it('keeps to the statement characters EIP-4361 allows, whatever the app’s name', () => {
    const text = createSafeSignInMessage({
      safe,
      chainId: 1,
      nonce: 'abcdefgh12345678',
      appName: 'Signét «Demo»',
      location,
      issuedAt,
    })
    expect(parseSiweMessage(text).statement).toBe('Sign in as this Safe.')
  })
})
