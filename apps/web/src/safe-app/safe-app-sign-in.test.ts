import type { Address, Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import type { SafeSignInTrackerServices } from '../safe-message-tracker/safe-sign-in-tracker.ts'
import { signInStores } from '../safe-message-tracker/stored-sign-in.ts'
import { memoryStorage, sessionOf, shownText } from '../safe-message-tracker/tracker-test-kit.ts'
import { createSafeAppSignIn, type SafeSigningSdk, signInAsSafeApp } from './safe-app-sign-in.ts'

const safe = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as Address
const safeTxHash = `0x${'ab'.repeat(32)}` as Hex
const text = 'localhost:8787 wants you to sign in with your Ethereum account:\n…\nNonce: abcdefgh12345678'
const request = { safe, chainId: 31337, version: '1.4.1', text }

function setUp(answer: Awaited<ReturnType<SafeSigningSdk['txs']['signMessage']>>) {
  const storage = memoryStorage()
  const host = { txStatus: 'AWAITING_CONFIRMATIONS', signMessage: 0 }
  const sdk: SafeSigningSdk = {
    txs: {
      signMessage: async () => {
        host.signMessage += 1
        return answer
      },
      getBySafeTxHash: async () => ({
        txStatus: host.txStatus,
        detailedExecutionInfo: { confirmationsSubmitted: 1, confirmationsRequired: 2 },
      }),
    },
    safe: { getOffChainSignature: async () => '' },
  }
  const verify = vi.fn(async ({ signature }: { signature: string }) => {
    if (signature !== '0x') throw new Error('unexpected signature')
    return sessionOf(safe)
  })
  const services: SafeSignInTrackerServices = {
    auth: { verify },
    holdNonce: async () => ({ nonce: 'abcdefgh12345678', expiresAt: '2026-12-02T10:00:00.000Z' }),
    chainClient: () => undefined,
    storage,
    appName: 'Signet',
    location: { host: 'localhost:8787', origin: 'http://localhost:8787' },
  }
  return { sdk, services, storage, host, verify }
}

describe('the Safe App sign-in on the tracker', () => {
  it('keeps the host’s safeTxHash; a reload resumes without asking again and signs in once executed', async () => {
    const { sdk, services, storage, host, verify } = setUp({ safeTxHash })
    const first = createSafeAppSignIn(sdk, services, 1_000)
    void signInAsSafeApp(first, sdk, request).catch(() => undefined)
    await vi.waitFor(() => expect(signInStores.safeApp.load(storage)?.safeTxHash).toBe(safeTxHash))
    await vi.waitFor(() => {
      const state = first.getState()
      expect(state.phase === 'tracking' && state.transaction).toMatchObject({
        safeTxHash,
        status: 'AWAITING_CONFIRMATIONS',
        submitted: 1,
        required: 2,
      })
    }, 5_000)
    // The frame reloads: a new page's tracker picks the sign-in up from storage.
    first.stop()
    const second = createSafeAppSignIn(sdk, services, 1_000)
    await second.resume()
    host.txStatus = 'SUCCESS'
    second.lookNow()
    await vi.waitFor(() => expect(second.getState().phase).toBe('signed-in'), 5_000)
    expect(verify).toHaveBeenCalledWith({ message: text, signature: '0x' })
    expect(host.signMessage).toBe(1)
    expect(signInStores.safeApp.load(storage)).toBeUndefined()
  })

  it('a deadline shorter than the server’s ends it with the time it waited, and personal_sign rejects', async () => {
    const { sdk, services } = setUp({ messageHash: `0x${'cd'.repeat(32)}` })
    const signIn = createSafeAppSignIn(sdk, services, 1_000)
    const outcome = signInAsSafeApp(signIn, sdk, { ...request, deadlineMs: 1_000 })
    await expect(outcome).rejects.toMatchObject({ code: 'SAFE_SIGNING_TIMEOUT' })
    expect(shownText(signIn.getState())).toBe('The Safe did not sign within 1 s.')
  })
})
