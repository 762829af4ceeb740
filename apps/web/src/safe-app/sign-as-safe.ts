import type { Address, Hex } from 'viem'
import { safeMessageHashOf } from '../safe-message-tracker/safe-message-hash.ts'
import { lookAtSafeMessage, type SafeMessageGateway } from '../safe-message-tracker/safe-message-watch.ts'
import { SafeSigningError } from './safe-signing-errors.ts'
import type { ProgressStore, SafeTxStatus } from './safe-signing-progress.ts'

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
 * Signs `text` as the Safe inside Safe{Wallet} and resolves with the signature to verify:
 * - off-chain: the host answers once all owners signed (`{messageHash, signature}`); meanwhile the
 *   confirmations are polled from the gateway by the SafeMessage hash computed here, and a message the
 *   gateway reports CONFIRMED is taken from there too (the host may answer with the hash only);
 * - on-chain: the host answers `{safeTxHash}`; the Safe transaction is followed through the host until
 *   it succeeds (→ `0x`, valid once executed), fails or is cancelled.
 * Never waits without a bound: every poll has its own time-out and the whole wait has `timeoutMs`.
 *
 * @example const signature = await signAsSafe({ sdk, safe, text, gateway, progress: safeSigningProgress })
 */
export function signAsSafe(parameters: SignAsSafeParameters): Promise<Hex> {
  const { sdk, safe, text, gateway, progress } = parameters
  const timeoutMs = parameters.timeoutMs ?? defaultSafeSigningTimeoutMs
  const pollIntervalMs = parameters.pollIntervalMs ?? 1_500
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
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const finish = (
      outcome:
        | { signature: Hex; via: 'offchain' | 'onchain'; safeTxHash?: Hex }
        | { error: SafeSigningError },
    ) => {
      if (settled) return
      settled = true
      for (const timer of timers) clearTimeout(timer)
      if ('error' in outcome) {
        progress.set({
          stage: 'failed',
          reason: outcome.error.message,
          retryable: outcome.error.code !== 'SAFE_ADDRESS_MISMATCH',
          messageHash,
        })
        reject(outcome.error)
      } else {
        progress.set({
          stage: 'signed',
          via: outcome.via,
          messageHash,
          ...(outcome.safeTxHash ? { safeTxHash: outcome.safeTxHash } : {}),
        })
        resolve(outcome.signature)
      }
    }
    const later = (task: () => Promise<void>, delay: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!settled) void task()
      }, delay)
      timers.add(timer)
    }

    progress.set({
      stage: 'waiting',
      messageHash,
      confirmationsSubmitted: 0,
      confirmationsRequired: safe.threshold,
      proposed: false,
      deadline,
    })
    later(async () => {
      const minutes = Math.round(timeoutMs / 60_000)
      finish({
        error: new SafeSigningError(
          'SAFE_SIGNING_TIMEOUT',
          `The Safe did not sign within ${minutes >= 1 ? `${minutes} min` : `${Math.round(timeoutMs / 1000)} s`}.`,
        ),
      })
    }, timeoutMs)

    const pollMessage = async (): Promise<void> => {
      if (mode !== 'message') return
      if (gateway) {
        const current = progress.get()
        const kept = {
          confirmationsSubmitted: current.stage === 'waiting' ? current.confirmationsSubmitted : 0,
          confirmationsRequired: current.stage === 'waiting' ? current.confirmationsRequired : safe.threshold,
          proposed: current.stage === 'waiting' ? current.proposed : false,
        }
        try {
          // The shared Safe-message tracker: fully signed = every confirmation and a prepared signature.
          const look = await withTimeout(
            lookAtSafeMessage({ gateway }, { chainId: safe.chainId, safe: safe.address, messageHash }),
            callTimeoutMs,
          )
          if (settled || mode !== 'message') return
          if (look.state === 'signed') {
            finish({ signature: look.signature, via: look.by === 'chain' ? 'onchain' : 'offchain' })
            return
          }
          progress.set({
            stage: 'waiting',
            messageHash,
            ...(look.indexed
              ? {
                  confirmationsSubmitted: look.submitted,
                  confirmationsRequired: look.required ?? safe.threshold,
                  proposed: true,
                }
              : kept),
            ...(look.gatewayError !== undefined ? { gatewayError: errorText(look.gatewayError) } : {}),
            deadline,
          })
        } catch (error) {
          // The gateway did not answer in time: the progress stays as it was.
          if (settled || mode !== 'message') return
          progress.set({ stage: 'waiting', messageHash, ...kept, gatewayError: errorText(error), deadline })
        }
      }
      // A host that answered with the hash only hands the signature out here once it is complete.
      if (hostAnsweredHashOnly) {
        const signature = await withTimeout(sdk.safe.getOffChainSignature(messageHash), callTimeoutMs).catch(
          () => '',
        )
        if (signature && signature !== '0x') finish({ signature: signature as Hex, via: 'offchain' })
      }
      later(pollMessage, pollIntervalMs)
    }

    const followTransaction = async (safeTxHash: Hex): Promise<void> => {
      try {
        const tx = await withTimeout(sdk.txs.getBySafeTxHash(safeTxHash), callTimeoutMs)
        if (settled) return
        const status = tx.txStatus as SafeTxStatus
        if (status === 'SUCCESS') {
          finish({ signature: '0x', via: 'onchain', safeTxHash })
          return
        }
        if (status === 'FAILED' || status === 'CANCELLED') {
          finish({
            error: new SafeSigningError(
              status === 'FAILED' ? 'SAFE_TRANSACTION_FAILED' : 'SAFE_TRANSACTION_CANCELLED',
              status === 'FAILED' ? 'The Safe transaction failed.' : 'The Safe transaction was cancelled.',
            ),
          })
          return
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
      } catch {
        // Not indexed yet, or the host was slow: ask again.
      }
      later(() => followTransaction(safeTxHash), pollIntervalMs)
    }

    later(pollMessage, 0)
    sdk.txs.signMessage(text).then(
      (answer) => {
        if (settled) return
        if ('safeTxHash' in answer && answer.safeTxHash) {
          const safeTxHash = answer.safeTxHash as Hex
          mode = 'transaction'
          progress.set({ stage: 'transaction', safeTxHash, status: 'PROPOSED', deadline })
          parameters.onSafeTransaction?.(safeTxHash)
          void followTransaction(safeTxHash)
          return
        }
        if ('signature' in answer && answer.signature && answer.signature !== '0x') {
          finish({ signature: answer.signature as Hex, via: 'offchain' })
          return
        }
        hostAnsweredHashOnly = true
      },
      (error: unknown) => {
        finish({ error: new SafeSigningError('SAFE_SIGNING_REJECTED', errorText(error), { cause: error }) })
      },
    )
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
