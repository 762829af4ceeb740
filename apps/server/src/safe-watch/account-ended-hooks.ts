import type { Logger } from 'pino'
import type { Revocation } from '../operator/account-revocation.ts'
import type { SafeChangeEventName } from './safe-events.ts'

/** A Safe transaction that changed what its owners' proof stood on. */
export type SafeChange = {
  chainId: number
  /** The Safe, EIP-55. */
  address: string
  txHash: string
  blockNumber: number
  blockHash: string
  /** The change events of the transaction, in log order (e.g. `RemovedOwner`, `ChangedThreshold`). */
  events: SafeChangeEventName[]
}

/** "This account ended because …": every session, grant and token of it was ended. */
export type AccountEnded = {
  /** CAIP-10 `eip155:<chainId>:<EIP-55 address>`, the `sub` applications know. */
  accountId: string
  reason: 'safe_changed'
  change: SafeChange
  /** What ended (the operator's `signet sessions revoke` ends the same, with the same function). */
  ended: Revocation
}

export type AccountEndedListener = (event: AccountEnded) => void | Promise<void>

/**
 * Where the parts that must follow an account's end subscribe (back-channel logout to applications,
 * notifications). Among all processes on a database a change is announced once: by the process whose
 * transaction recorded it. A listener that throws is logged and does not stop the others.
 *
 * @example const unsubscribe = signet.accountEnded.subscribe((event) => notify(event.accountId))
 */
export class AccountEndedHooks {
  readonly #listeners = new Set<AccountEndedListener>()

  subscribe(listener: AccountEndedListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async emit(event: AccountEnded, log: Logger): Promise<void> {
    for (const listener of this.#listeners) {
      try {
        await listener(event)
      } catch (error) {
        log.error({ err: error, accountId: event.accountId }, 'an account-ended listener failed')
      }
    }
  }
}
