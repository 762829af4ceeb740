import { GatewayHttpError } from '@signet/gateway/errors'
import type { Address } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthApiError, type SignInSession } from '../auth/auth-api.ts'
import { safeNotDeployed, signInAsConnectedSafe } from './safe-account-sign-in.ts'
import { safeMessageHashOf } from './safe-message-hash.ts'
import type { SafeMessageGateway } from './safe-message-watch.ts'
import { SafeSignInTracker, type SafeSignInTrackerServices } from './safe-sign-in-tracker.ts'
import { signInStores } from './stored-sign-in.ts'
import { memoryStorage, preparedSignature, sessionOf, shownText } from './tracker-test-kit.ts'

const trackedSignInStorageKey = signInStores.connected.key
const loadTrackedSignIn = signInStores.connected.load
const newTracker = (services: SafeSignInTrackerServices) =>
  new SafeSignInTracker(services, signInStores.connected)

const safe = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as Address
const session = sessionOf(safe)
const prepared = preparedSignature

type Gateway = { message: Awaited<ReturnType<SafeMessageGateway['getSafeMessage']>> | undefined }

function setUp() {
  const storage = memoryStorage()
  const gateway: Gateway = { message: undefined }
  const verified: { message: string; signature: string }[] = []
  const signedIn: SignInSession[] = []
  let onChain = 0n
  let verifyAnswer: (signature: string) => SignInSession = (signature) => {
    if (signature === prepared || signature === '0x') return session
    throw new AuthApiError('invalid_signature', 401, 'The signature does not match.')
  }
  const services: SafeSignInTrackerServices = {
    auth: {
      verify: async (request) => {
        verified.push(request)
        return verifyAnswer(request.signature)
      },
    },
    holdNonce: vi.fn(async () => ({ nonce: 'n', expiresAt: '2026-12-02T10:00:00.000Z' })),
    gateway: {
      getSafeMessage: async () => {
        if (!gateway.message) throw new GatewayHttpError('getSafeMessage', 404, 'Not Found', undefined)
        return gateway.message
      },
    },
    chainClient: () => ({ readContract: (async () => onChain) as never }),
    storage,
    appName: 'Signet',
    location: { host: 'localhost:8787', origin: 'http://localhost:8787' },
    onSignedIn: (value) => signedIn.push(value),
    now: () => Date.parse('2026-11-25T10:00:00.000Z'),
  }
  return {
    signIn: newTracker(services),
    services,
    storage,
    gateway,
    verified,
    signedIn,
    approveOnChain: () => {
      onChain = 1n
    },
    setVerify: (answer: typeof verifyAnswer) => {
      verifyAnswer = answer
    },
  }
}

const request = {
  safe,
  chainId: 31337,
  version: '1.4.1',
  nonce: 'abcdefgh12345678',
  chainName: 'Local chain',
}
const start = (tracker: SafeSignInTracker, sign: (message: string) => Promise<unknown>) =>
  signInAsConnectedSafe(tracker, request, sign)

describe('signing in as the connected Safe (the tracker with a wallet to ask)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => vi.useRealTimers())

  it('signs in at once with a signature that verifies', async () => {
    const t = setUp()
    await start(t.signIn, async () => prepared)
    expect(t.signedIn).toEqual([session])
    expect(t.signIn.getState()).toEqual({ phase: 'signed-in', session })
    expect(t.storage.getItem(trackedSignInStorageKey)).toBeNull()
  })

  it('a closed dialog (4001) does not end it: the gateway’s prepared signature signs in', async () => {
    const t = setUp()
    await start(t.signIn, async () => {
      throw Object.assign(new Error('User rejected signature'), { code: 4001 })
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(t.signIn.getState()).toMatchObject({
      phase: 'tracking',
      wallet: { asking: false, answer: { reason: 'dialog-closed' } },
      look: { state: 'waiting', indexed: false, problems: [] },
    })
    const tracked = loadTrackedSignIn(t.storage)
    expect(tracked?.messageHash).toBe(
      safeMessageHashOf({ safe, chainId: 31337, version: '1.4.1', text: tracked?.message ?? '' }),
    )
    expect(tracked?.message).toContain('Nonce: abcdefgh12345678')
    expect(t.services.holdNonce).toHaveBeenCalledWith(tracked?.message)
    t.gateway.message = {
      confirmationsSubmitted: 2,
      confirmationsRequired: 2,
      confirmations: [],
      preparedSignature: prepared,
    }
    await vi.advanceTimersByTimeAsync(5_000)
    expect(t.signedIn).toEqual([session])
    expect(t.verified.at(-1)).toEqual({ message: tracked?.message, signature: prepared })
    expect(t.storage.getItem(trackedSignInStorageKey)).toBeNull()
  })

  it('silence, then on-chain approval: signs in with 0x; a reload resumes from storage', async () => {
    const t = setUp()
    void start(t.signIn, () => new Promise(() => undefined))
    await vi.advanceTimersByTimeAsync(0)
    expect(t.signIn.getState()).toMatchObject({ phase: 'tracking', wallet: { asking: true } })
    // A reload: another instance on the same storage picks it up.
    const reloaded = newTracker({ ...t.services, storage: t.storage })
    await reloaded.resume()
    expect(reloaded.getState()).toMatchObject({ phase: 'tracking' })
    t.approveOnChain()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(t.verified.at(-1)?.signature).toBe('0x')
    expect(t.signedIn.length).toBeGreaterThanOrEqual(1)
    expect(t.storage.getItem(trackedSignInStorageKey)).toBeNull()
  })

  it('0x from the wallet is not verified; the user’s Cancel ends the sign-in', async () => {
    const t = setUp()
    await start(t.signIn, async () => '0x')
    expect(t.verified).toEqual([])
    expect(t.signIn.getState()).toMatchObject({ wallet: { answer: { reason: 'no-signature' } } })
    t.signIn.cancel()
    expect(t.signIn.getState()).toEqual({ phase: 'idle' })
    expect(t.storage.getItem(trackedSignInStorageKey)).toBeNull()
  })

  it('a nonce the server no longer holds ends it with a clear text', async () => {
    const t = setUp()
    await start(t.signIn, async () => '0x')
    const reloaded = newTracker({
      ...t.services,
      holdNonce: async () => {
        throw new AuthApiError('invalid_nonce', 401, 'The nonce is unknown or used.')
      },
    })
    await reloaded.resume()
    expect(reloaded.getState()).toMatchObject({ phase: 'failed', code: 'SIGN_IN_EXPIRED' })
    expect(shownText(reloaded.getState())).toBe(
      'This sign-in request has expired. Start again to sign a new message as the Safe.',
    )
    expect(t.storage.getItem(trackedSignInStorageKey)).toBeNull()
  })

  it('signing in to an application (OpenID Connect): the Safe signs the application’s statement', async () => {
    const t = setUp()
    const application = {
      statement: 'Sign in to Dashboard with your Ethereum account.',
      resources: ['http://127.0.0.1:5555/callback'],
    }
    await start(newTracker({ ...t.services, application }), async () => '0x')
    const message = loadTrackedSignIn(t.storage)?.message ?? ''
    expect(message).toContain(`\n${safe}\n\nSign in to Dashboard with your Ethereum account.\n\n`)
    expect(message).toMatch(/\nResources:\n- http:\/\/127\.0\.0\.1:5555\/callback$/)
  })

  it('a Safe not deployed yet: says it must be deployed first, asks nothing', () => {
    const t = setUp()
    safeNotDeployed(t.signIn, 'Local chain')
    expect(t.signIn.getState()).toMatchObject({ phase: 'failed', code: 'SAFE_NOT_DEPLOYED' })
    expect(shownText(t.signIn.getState())).toBe(
      'This Safe is not deployed on Local chain yet: deploy it first (its first transaction in Safe{Wallet} does), or sign in with an owner’s own wallet.',
    )
    expect(t.services.holdNonce).not.toHaveBeenCalled()
  })
})
