import type { Hex } from 'viem'
import type { SafeSignInError } from '../safe-message-tracker/safe-sign-in-error.ts'

export type SafeTxStatus =
  | 'AWAITING_CONFIRMATIONS'
  | 'AWAITING_EXECUTION'
  | 'SUCCESS'
  | 'FAILED'
  | 'CANCELLED'

/** Where signing as the Safe stands, for the progress view. */
export type SafeSigningProgress =
  | { stage: 'idle' }
  | {
      /** Waiting for the owners of an off-chain message (or for the host to say how it signs). */
      stage: 'waiting'
      messageHash: Hex
      confirmationsSubmitted: number
      confirmationsRequired: number
      /** The message is not on the gateway yet: no owner has signed. */
      proposed: boolean
      /** The gateway's failure, in its client's own (technical) words. */
      gatewayError?: string
      deadline: number
    }
  | {
      stage: 'transaction'
      safeTxHash: Hex
      status: SafeTxStatus | 'PROPOSED'
      confirmationsSubmitted?: number
      confirmationsRequired?: number
      txHash?: Hex
      deadline: number
    }
  | { stage: 'signed'; via: 'offchain' | 'onchain'; messageHash?: Hex; safeTxHash?: Hex }
  /** `error` is worded by `safeSignInErrorText` (the host's own refusal is quoted as it is). */
  | { stage: 'failed'; error: SafeSignInError; retryable: boolean; messageHash?: Hex; safeTxHash?: Hex }

type Listener = (progress: SafeSigningProgress) => void

/** A tiny observable store (read by React through useSyncExternalStore). */
export function createProgressStore() {
  let current: SafeSigningProgress = { stage: 'idle' }
  const listeners = new Set<Listener>()
  return {
    get: () => current,
    set(next: SafeSigningProgress) {
      current = next
      for (const listener of listeners) listener(current)
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export type ProgressStore = ReturnType<typeof createProgressStore>

/** The signing progress of this page's Safe App session. */
export const safeSigningProgress = createProgressStore()
