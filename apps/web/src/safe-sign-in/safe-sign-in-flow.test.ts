import type { GatewayClient } from '@signet/gateway/client'
import { GatewayHttpError, GatewayNetworkError } from '@signet/gateway/errors'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SafeSignInTracker } from '../safe-message-tracker/safe-sign-in-tracker.ts'
import { type OwnerSignInExtra, signInStores } from '../safe-message-tracker/stored-sign-in.ts'
import {
  memoryStorage,
  preparedSignature,
  sessionOf,
  shownText,
} from '../safe-message-tracker/tracker-test-kit.ts'
import { checkOwnersUnchanged, proposeAsOwner } from './safe-sign-in-flow.ts'

const ownerA = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const ownerB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const safe = '0xA4899D35897033b927acFCf422bc745916139776' as Address
const prepared = preparedSignature
const session = sessionOf(safe)

// The owner's sign-in as its hook builds it: the tracker with the owner kind and the owners check.
function setUp() {
  const storage = memoryStorage()
  const world = {
    threshold: 2,
    message: undefined as { confirmationsSubmitted: number; preparedSignature?: string } | undefined,
    down: false,
    proposed: [] as { message: string; signature: string }[],
  }
  const gateway = {
    getSafeInfo: async () => {
      if (world.down) throw new GatewayNetworkError('getSafeInfo', 'GET …', new TypeError('Failed to fetch'))
      return {
        owners: [{ value: ownerA.address }, { value: ownerB }],
        threshold: world.threshold,
        version: '1.4.1',
      }
    },
    getSafeMessage: async () => {
      if (world.down)
        throw new GatewayNetworkError('getSafeMessage', 'GET …', new TypeError('Failed to fetch'))
      if (!world.message) throw new GatewayHttpError('getSafeMessage', 404, 'Not Found', undefined)
      return {
        ...world.message,
        confirmationsRequired: 2,
        confirmations: [{ owner: { value: ownerA.address } }],
      }
    },
    proposeSafeMessage: async (
      _chainId: number,
      _safe: string,
      body: { message: string; signature: string },
    ) => {
      world.proposed.push(body)
    },
  } as unknown as GatewayClient
  const auth = {
    getNonce: async () => ({ nonce: 'abcdefgh12345678', expiresAt: '2026-11-25T10:05:00.000Z' }),
    verify: vi.fn(async () => session),
  }
  const tracker = new SafeSignInTracker<OwnerSignInExtra>(
    {
      auth,
      holdNonce: async () => ({ nonce: 'abcdefgh12345678', expiresAt: '2026-12-02T10:00:00.000Z' }),
      gateway,
      chainClient: () => undefined,
      storage,
      appName: 'Signet',
      location: { host: 'localhost:8787', origin: 'http://localhost:8787' },
      now: () => Date.parse('2026-11-25T10:00:00.000Z'),
    },
    signInStores.owner,
    { check: (pending) => checkOwnersUnchanged(gateway, pending) },
  )
  const signer = {
    signTypedData: (data: Parameters<typeof ownerA.signTypedData>[0]) => ownerA.signTypedData(data),
    signRawHash: async () => '0x' as Hex,
  }
  const start = (owner: Address) =>
    tracker.start({ chainId: 31337, safe }, (hold) =>
      proposeAsOwner(
        { gateway, auth, location: { host: 'localhost:8787', origin: 'http://localhost:8787' } },
        signer as never,
        {
          chainId: 31337,
          safe,
          owner,
        },
        hold,
      ),
    )
  return { tracker, storage, world, auth, start }
}

describe('signing in as a Safe from an owner’s wallet (the tracker with the owner’s proposal)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => vi.useRealTimers())

  it('proposes the signed message, remembers the Safe’s owners, and signs in once the gateway has it signed', async () => {
    const t = setUp()
    await t.start(ownerA.address)
    expect(t.world.proposed).toHaveLength(1)
    const pending = signInStores.owner.load(t.storage)
    expect(pending).toMatchObject({
      threshold: 2,
      owners: [ownerA.address, ownerB],
      startedBy: ownerA.address,
    })
    expect(t.world.proposed[0]?.message).toBe(pending?.message)
    await vi.advanceTimersByTimeAsync(0)
    expect(t.tracker.getState()).toMatchObject({ phase: 'tracking', look: { indexed: false } })
    t.world.message = { confirmationsSubmitted: 2, preparedSignature: prepared }
    await vi.advanceTimersByTimeAsync(5_000)
    expect(t.auth.verify).toHaveBeenCalledWith({ message: pending?.message, signature: prepared })
    expect(t.tracker.getState()).toEqual({ phase: 'signed-in', session })
    expect(signInStores.owner.load(t.storage)).toBeUndefined()
  })

  it('a non-owner is told so, and nothing is proposed or remembered', async () => {
    const t = setUp()
    await t.start('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    expect(t.tracker.getState()).toMatchObject({ phase: 'failed', code: 'NOT_AN_OWNER' })
    expect(t.world.proposed).toEqual([])
    expect(signInStores.owner.load(t.storage)).toBeUndefined()
  })

  it('an unreachable gateway is passing; a changed threshold ends the sign-in', async () => {
    const t = setUp()
    await t.start(ownerA.address)
    t.world.down = true
    await vi.advanceTimersByTimeAsync(5_000)
    expect(t.tracker.getState()).toMatchObject({ phase: 'tracking' })
    expect(shownText(t.tracker.getState())).toBe(
      'The Safe Client Gateway cannot be reached. Check the connection and try again.',
    )
    expect(signInStores.owner.load(t.storage)).toBeDefined()
    t.world.down = false
    t.world.threshold = 1
    await vi.advanceTimersByTimeAsync(30_000)
    expect(t.tracker.getState()).toMatchObject({ phase: 'failed', code: 'OWNERS_CHANGED' })
    expect(shownText(t.tracker.getState())).toBe(
      "The Safe's owners or threshold changed while waiting for confirmations (now 1 of 2, was 2 of 2). Start the sign-in again.",
    )
    expect(signInStores.owner.load(t.storage)).toBeUndefined()
  })
})
