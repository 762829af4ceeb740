import type { Address, Hex } from 'viem'
import { errorText, SafeSignInError } from '../safe-message-tracker/safe-sign-in-error.ts'
import {
  type HostLook,
  SafeSignInTracker,
  type SafeSignInTrackerServices,
} from '../safe-message-tracker/safe-sign-in-tracker.ts'
import { type SafeAppSignInExtra, signInStores } from '../safe-message-tracker/stored-sign-in.ts'

/** The parts of the Safe Apps SDK that signing uses (a structural subset of `SafeAppsSDK`). */
export type SafeSigningSdk = {
  txs: {
    signMessage(
      message: string,
    ): Promise<{ safeTxHash: string } | { messageHash: string; signature?: string }>
    getBySafeTxHash(safeTxHash: string): Promise<{
      txStatus: string
      txHash?: string | null
      detailedExecutionInfo?: object | null
    }>
  }
  safe: { getOffChainSignature(messageHash: string): Promise<string> }
}

export type SafeAppSignIn = SafeSignInTracker<SafeAppSignInExtra>

/** Steady, not backing off: the host's dialog shows the owners live, and so does this page. */
const safeAppSchedule = { initialMs: 1_500, factor: 1, maxMs: 1_500 }

/**
 * The Safe App's sign-in: the one tracker (the gateway and the chain, the nonce the server holds, resuming
 * after a reload), which also looks at the host — the signature it hands out once complete, or the Safe
 * transaction it proposed instead, followed by its safeTxHash until it succeeds (`0x` is then valid), fails
 * or is cancelled. Each host call has its own time-out: one that does not answer is skipped.
 */
export function createSafeAppSignIn(
  sdk: SafeSigningSdk,
  services: SafeSignInTrackerServices,
  callTimeoutMs = 5_000,
): SafeAppSignIn {
  return new SafeSignInTracker(services, signInStores.safeApp, {
    schedule: safeAppSchedule,
    watchHost: (tracked) => lookAtHost(sdk, tracked, callTimeoutMs),
  })
}

async function lookAtHost(
  sdk: SafeSigningSdk,
  tracked: SafeAppSignInExtra & { messageHash: Hex },
  callTimeoutMs: number,
): Promise<HostLook> {
  if (tracked.safeTxHash) {
    const tx = await withTimeout(sdk.txs.getBySafeTxHash(tracked.safeTxHash), callTimeoutMs)
    if (tx.txStatus === 'SUCCESS') return { state: 'signed', signature: '0x' }
    if (tx.txStatus === 'FAILED' || tx.txStatus === 'CANCELLED') {
      const failed = tx.txStatus === 'FAILED'
      const error = new SafeSignInError(failed ? 'SAFE_TRANSACTION_FAILED' : 'SAFE_TRANSACTION_CANCELLED', {
        key: failed ? 'transactionFailed' : 'transactionCancelled',
      })
      return { state: 'failed', error }
    }
    const info = tx.detailedExecutionInfo as
      | { confirmationsSubmitted?: number; confirmationsRequired?: number; confirmations?: unknown[] }
      | null
      | undefined
    const submitted = info?.confirmationsSubmitted ?? info?.confirmations?.length
    return {
      state: 'transaction',
      transaction: {
        safeTxHash: tracked.safeTxHash,
        status: tx.txStatus,
        ...(submitted !== undefined ? { submitted } : {}),
        ...(info?.confirmationsRequired !== undefined ? { required: info.confirmationsRequired } : {}),
        ...(tx.txHash ? { txHash: tx.txHash as Hex } : {}),
      },
    }
  }
  if (tracked.hostHoldsSignature) {
    const signature = await withTimeout(sdk.safe.getOffChainSignature(tracked.messageHash), callTimeoutMs)
    if (signature && signature !== '0x') return { state: 'signed', signature: signature as Hex }
  }
  return { state: 'nothing' }
}

/**
 * `personal_sign` of the sign-in message inside Safe{Wallet}: the tracker holds the message and watches
 * from before the host is asked (its `signMessage` is how the Safe App asks); the host's answer is kept
 * (a safeTxHash, or that it holds the signature) so a reload picks it up. The tracker verifies the
 * signature itself and the page adopts the session, so this never resolves; it rejects when the sign-in
 * ends without one (the host refused, the deadline passed, the user cancelled), which is what RainbowKit's
 * "Verify your account" shows as its error.
 *
 * @param deadlineMs A shorter wait than the server's hold on the nonce (a quick retry, in tests).
 */
export function signInAsSafeApp(
  signIn: SafeAppSignIn,
  sdk: SafeSigningSdk,
  request: { safe: Address; chainId: number; version: string; text: string; deadlineMs?: number },
): Promise<never> {
  const { safe, chainId, version, text, deadlineMs } = request
  return new Promise<never>((_resolve, reject) => {
    let started = false
    const stop = signIn.subscribe(() => {
      const state = signIn.getState()
      if (state.phase === 'starting' || state.phase === 'tracking') started = true
      if (!started) return
      if (state.phase === 'failed') {
        stop()
        reject(state.error)
      } else if (state.phase === 'idle') {
        stop()
        // Cancelled on this page: RainbowKit's dialog shows its own error, the page nothing more.
        reject(new SafeSignInError('SAFE_SIGNING_REJECTED', 'cancelled'))
      } else if (state.phase === 'signed-in') {
        stop()
      }
    })
    void signIn
      .start({ safe, chainId }, async (hold) => {
        const held = await hold({ version, message: text, extra: {} }).catch((error: unknown) => {
          throw new SafeSignInError(
            'SIGN_IN_UNAVAILABLE',
            { key: 'couldNotStart', values: { reason: errorText(error) } },
            { cause: error },
          )
        })
        if (!deadlineMs) return held
        const capped = Math.min(Date.parse(held.nonceExpiresAt), Date.parse(held.startedAt) + deadlineMs)
        return { ...held, nonceExpiresAt: new Date(capped).toISOString() }
      })
      .then(() => {
        if (signIn.getState().phase !== 'tracking') return
        sdk.txs.signMessage(text).then(
          (answer) => {
            if ('safeTxHash' in answer && answer.safeTxHash) {
              signIn.amend({ safeTxHash: answer.safeTxHash as Hex })
            } else if ('signature' in answer && answer.signature && answer.signature !== '0x') {
              void signIn.offer(answer.signature as Hex)
            } else {
              signIn.amend({ hostHoldsSignature: true })
            }
          },
          (error: unknown) => {
            signIn.fail(new SafeSignInError('SAFE_SIGNING_REJECTED', errorText(error), { cause: error }))
          },
        )
      })
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
