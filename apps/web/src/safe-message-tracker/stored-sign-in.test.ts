import { describe, expect, it } from 'vitest'
import { type OwnerSignInExtra, type StoredSafeSignIn, signInStores } from './stored-sign-in.ts'
import { memoryStorage } from './tracker-test-kit.ts'

const { save: savePendingSignIn, load: loadPendingSignIn, clear: clearPendingSignIn } = signInStores.owner
const pendingSignInStorageKey = signInStores.owner.key

const pending: StoredSafeSignIn & OwnerSignInExtra = {
  chainId: 31337,
  safe: '0xA4899D35897033b927acFCf422bc745916139776',
  safeVersion: '1.4.1',
  owners: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  threshold: 2,
  startedBy: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  message:
    'localhost:8787 wants you to sign in with your Ethereum account:\n0xA4899D35897033b927acFCf422bc745916139776',
  messageHash: '0x8a3e4e5c8b4ea5a0b0bd9b0ac0f8c0d5e2f1a6b7c8d9e0f1a2b3c4d5e6f7a8b9',
  nonceExpiresAt: '2026-01-08T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
}

describe('the owner path’s remembered sign-in', () => {
  it('keeps a pending sign-in across loads until it is cleared', () => {
    const storage = memoryStorage()
    expect(loadPendingSignIn(storage)).toBeUndefined()
    savePendingSignIn(storage, pending)
    expect(JSON.parse(storage.entries.get(pendingSignInStorageKey) ?? '')).toEqual({ v: 1, ...pending })
    expect(loadPendingSignIn(storage)).toEqual(pending)
    expect(loadPendingSignIn(storage)).toEqual(pending)
    clearPendingSignIn(storage)
    expect(loadPendingSignIn(storage)).toBeUndefined()
  })

  it('replaces the previous one and checksums addresses read back', () => {
    const storage = memoryStorage()
    savePendingSignIn(storage, pending)
    const other = { ...pending, safe: pending.safe.toLowerCase() as `0x${string}`, threshold: 1 }
    savePendingSignIn(storage, other)
    expect(loadPendingSignIn(storage)).toEqual({ ...pending, threshold: 1 })
  })

  it('drops an entry that is not exactly what it wrote', () => {
    const broken: unknown[] = [
      'not json',
      JSON.stringify({ ...pending }),
      JSON.stringify({ v: 2, ...pending }),
      JSON.stringify({ v: 1, ...pending, chainId: 0 }),
      JSON.stringify({ v: 1, ...pending, safe: '0x1234' }),
      JSON.stringify({ v: 1, ...pending, owners: [] }),
      JSON.stringify({ v: 1, ...pending, threshold: 0 }),
      JSON.stringify({ v: 1, ...pending, messageHash: '0x12' }),
      JSON.stringify({ v: 1, ...pending, nonceExpiresAt: 'tomorrow' }),
      JSON.stringify({ v: 1, ...pending, message: undefined }),
    ]
    for (const text of broken) {
      const storage = memoryStorage()
      storage.setItem(pendingSignInStorageKey, text as string)
      expect(loadPendingSignIn(storage)).toBeUndefined()
      expect(storage.entries.has(pendingSignInStorageKey)).toBe(false)
    }
  })
})

describe('the connected-Safe path’s remembered sign-in', () => {
  it('is kept under its own key, apart from the owner path’s', () => {
    const storage = memoryStorage()
    const { owners: _o, threshold: _t, startedBy: _s, ...common } = pending
    signInStores.connected.save(storage, common)
    expect(signInStores.connected.load(storage)).toEqual(common)
    expect(signInStores.owner.load(storage)).toBeUndefined()
    expect(signInStores.connected.key).not.toBe(signInStores.owner.key)
  })
})
