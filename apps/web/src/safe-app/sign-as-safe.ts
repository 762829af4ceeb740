import type { Address, Hex } from 'viem'
import { type Poller, startPolling } from '../safe-message-tracker/poll-backoff.ts'
import { safeMessageHashOf } from '../safe-message-tracker/safe-message-hash.ts'
import { lookAtSafeMessage, type SafeMessageGateway } from '../safe-message-tracker/safe-message-watch.ts'
import {
  errorText,
  SafeSignInError,
  type SafeSignInText,
} from '../safe-message-tracker/safe-sign-in-error.ts'
import type { ProgressStore, SafeSigningProgress, SafeTxStatus } from './safe-signing-progress.ts'

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

/** The gateway call that reports an off-chain message's confirmations (the tracker's). */
export type SafeMessageSource = SafeMessageGateway

export type SignAsSafeParameters = {
  sdk: SafeSigningSdk
  safe: { address: Address; chainId: number; version: string; threshold: number }
  text: string
  gateway?: SafeMessageSource
  progress: ProgressStore
  /** Whole wait, owners included. Default 10 minutes (a nonce's lifetime). */
  timeoutMs?: number
  pollIntervalMs?: number
  /** Each host or gateway call while polling; a call that does not answer is skipped, not awaited. */
  callTimeoutMs?: number
  /** Told the safeTxHash as soon as the host proposes an on-chain signature. */
  onSafeTransaction?: (safeTxHash: Hex) => void
}

export const defaultSafeSigningTimeoutMs = 10 * 60_000

/**
 * Signs `text` as the Safe inside Safe{Wallet} and resolves with the signature to verify (the RainbowKit
 * adapter verifies it). The tracker hashes the message and watches the gateway; this adds only what the
 * Safe Apps SDK does differently:
 * - off-chain: the host answers once all owners signed (`{messageHash, signature}`), or with the hash
 *   only (then the host hands the signature out once complete); a message the gateway reports fully
 *   signed is taken from there too;
 * - on-chain: the host answers `{safeTxHash}`; the Safe transaction is followed through the host until
 *   it succeeds (→ `0x`, valid once executed), fails or is cancelled.
 * Never waits without a bound: every call has its own time-out and the whole wait has `timeoutMs`.
 *
 * @example const signature = await signAsSafe({ sdk, safe, text, gateway, progress: safeSigningProgress })
 */
export function signAsSafe(parameters: SignAsSafeParameters): Promise<Hex> {
  const { sdk, safe, text, gateway, progress } = parameters
  const timeoutMs = parameters.timeoutMs ?? defaultSafeSigningTimeoutMs
  const interval = parameters.pollIntervalMs ?? 1_500
  // Steady, not backing off: the whole wait is bounded, and the host's dialog shows the owners live.
  const schedule = { initialMs: interval, factor: 1, maxMs: interval }
  const callTimeoutMs = parameters.callTimeoutMs ?? 5_000
  const deadline = Date.now() + timeoutMs
  const messageHash = safeMessageHashOf({
    safe: safe.address,
    chainId: safe.chainId,
    version: safe.version,
    text,
  })

  return new Promise<Hex>((resolve, reject) => {
    let settled = false
    let mode: 'message' | 'transaction' = 'message'
    let hostAnsweredHashOnly = false
    let poller: Poller | undefined
    const finish = (
      outcome: { signature: Hex; via: 'offchain' | 'onchain'; safeTxHash?: Hex } | { error: SafeSignInError },
    ) => {
      if (settled) return
      settled = true
      poller?.stop()
      clearTimeout(giveUp)
      if ('error' in outcome) {
        progress.set({
          stage: 'failed',
          error: outcome.error,
          retryable: outcome.error.code !== 'SAFE_ADDRESS_MISMATCH',
          messageHash,
        })
        reject(outcome.error)
      } else {
        const { signature, ...signed } = outcome
        progress.set({ stage: 'signed', messageHash, ...signed })
        resolve(signature)
      }
    }
    const giveUp = setTimeout(
      () => finish({ error: new SafeSignInError('SAFE_SIGNING_TIMEOUT', signingTimeoutText(timeoutMs)) }),
      timeoutMs,
    )
    const waiting = (change: Partial<Extract<SafeSigningProgress, { stage: 'waiting' }>>) => {
      const current = progress.get()
      const kept =
        current.stage === 'waiting'
          ? current
          : { confirmationsSubmitted: 0, confirmationsRequired: safe.threshold, proposed: false }
      const { confirmationsSubmitted, confirmationsRequired, proposed } = { ...kept, ...change }
      const { gatewayError } = change
      progress.set({
        stage: 'waiting',
        messageHash,
        confirmationsSubmitted,
        confirmationsRequired,
        proposed,
        ...(gatewayError ? { gatewayError } : {}),
        deadline,
      })
    }

    const watchMessage = async (): Promise<'stop' | 'moved' | 'same'> => {
      if (gateway) {
        const look = await withTimeout(
          lookAtSafeMessage({ gateway }, { chainId: safe.chainId, safe: safe.address, messageHash }),
          callTimeoutMs,
        ).catch((error: unknown) => ({ state: 'unanswered', error }) as const)
        if (settled || mode !== 'message') return 'stop'
        if (look.state === 'signed') {
          finish({ signature: look.signature, via: look.by === 'chain' ? 'onchain' : 'offchain' })
          return 'stop'
        }
        if (look.state === 'unanswered') {
          // The gateway did not answer in time: the progress stays as it was.
          waiting({ gatewayError: errorText(look.error) })
        } else {
          waiting({
            ...(look.indexed
              ? {
                  confirmationsSubmitted: look.submitted,
                  confirmationsRequired: look.required ?? safe.threshold,
                  proposed: true,
                }
              : {}),
            ...(look.gatewayError !== undefined ? { gatewayError: errorText(look.gatewayError) } : {}),
          })
        }
      }
      // A host that answered with the hash only hands the signature out here once it is complete.
      if (hostAnsweredHashOnly) {
        const signature = await withTimeout(sdk.safe.getOffChainSignature(messageHash), callTimeoutMs).catch(
          () => '',
        )
        if (signature && signature !== '0x') finish({ signature: signature as Hex, via: 'offchain' })
      }
      return settled ? 'stop' : 'same'
    }

    const followTransaction = async (safeTxHash: Hex): Promise<'stop' | 'same'> => {
      // Not indexed yet, or the host was slow: the poller asks again.
      const tx = await withTimeout(sdk.txs.getBySafeTxHash(safeTxHash), callTimeoutMs)
      if (settled) return 'stop'
      const status = tx.txStatus as SafeTxStatus
      if (status === 'SUCCESS') {
        finish({ signature: '0x', via: 'onchain', safeTxHash })
        return 'stop'
      }
      if (status === 'FAILED' || status === 'CANCELLED') {
        const failed = status === 'FAILED'
        finish({
          error: new SafeSignInError(failed ? 'SAFE_TRANSACTION_FAILED' : 'SAFE_TRANSACTION_CANCELLED', {
            key: failed ? 'transactionFailed' : 'transactionCancelled',
          }),
        })
        return 'stop'
      }
      const info = tx.detailedExecutionInfo as
        | { confirmationsSubmitted?: number; confirmationsRequired?: number; confirmations?: unknown[] }
        | null
        | undefined
      progress.set({
        stage: 'transaction',
        safeTxHash,
        status,
        ...(info?.confirmationsRequired !== undefined
          ? { confirmationsRequired: info.confirmationsRequired }
          : {}),
        ...(info?.confirmationsSubmitted !== undefined || info?.confirmations
          ? { confirmationsSubmitted: info?.confirmationsSubmitted ?? info?.confirmations?.length ?? 0 }
          : {}),
        ...(tx.txHash ? { txHash: tx.txHash as Hex } : {}),
        deadline,
      })
      return 'same'
    }

    waiting({})
    poller = startPolling(watchMessage, schedule)
    sdk.txs.signMessage(text).then(
      (answer) => {
        if (settled) return
        if ('safeTxHash' in answer && answer.safeTxHash) {
          const safeTxHash = answer.safeTxHash as Hex
          mode = 'transaction'
          poller?.stop()
          progress.set({ stage: 'transaction', safeTxHash, status: 'PROPOSED', deadline })
          parameters.onSafeTransaction?.(safeTxHash)
          poller = startPolling(() => followTransaction(safeTxHash), schedule)
          return
        }
        if ('signature' in answer && answer.signature && answer.signature !== '0x') {
          finish({ signature: answer.signature as Hex, via: 'offchain' })
          return
        }
        hostAnsweredHashOnly = true
      },
      (error: unknown) => {
        finish({ error: new SafeSignInError('SAFE_SIGNING_REJECTED', errorText(error), { cause: error }) })
      },
    )
  })
}

/** "The Safe did not sign within 10 min." (whole minutes), or in seconds below a minute. */
function signingTimeoutText(timeoutMs: number): SafeSignInText {
  const minutes = Math.round(timeoutMs / 60_000)
  return minutes >= 1
    ? { key: 'signingTimeoutMinutes', values: { minutes } }
    : { key: 'signingTimeoutSeconds', values: { seconds: Math.round(timeoutMs / 1000) } }
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
