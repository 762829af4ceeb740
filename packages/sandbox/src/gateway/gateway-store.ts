import type { Address, Hex, TypedDataDefinition } from 'viem'

export type StoredConfirmation = { signer: Address; signature: Hex; submittedAt: number }

/** A Safe transaction proposed through the gateway (what the transaction service would keep). */
export type ProposedTransaction = {
  safe: Address
  safeTxHash: Hex
  to: Address
  value: bigint
  data: Hex
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
  nonce: number
  proposer: Address
  origin: string | null
  submittedAt: number
  confirmations: StoredConfirmation[]
}

export type StoredMessage = {
  safe: Address
  messageHash: Hex
  message: string | TypedDataDefinition
  proposedBy: Address
  origin: string | null
  created: number
  modified: number
  confirmations: { owner: Address; signature: Hex; created: number }[]
}

export type DeviceRegistration = {
  uuid: string
  deviceType: string
  cloudMessagingToken: string
  safes: { chainId: string; safe: Address }[]
}

/** Everything the local gateway remembers; in memory, gone when it stops (the chain is the truth). */
export class GatewayStore {
  readonly transactions = new Map<string, ProposedTransaction>()
  readonly messages = new Map<string, StoredMessage>()
  readonly devices = new Map<string, DeviceRegistration>()
  /** Last change per Safe, for the `txQueuedTag`/`messagesTag` fields of the Safe info. */
  readonly changedAt = new Map<string, number>()

  touch(safe: Address): void {
    this.changedAt.set(safe.toLowerCase(), Date.now())
  }

  transactionsOf(safe: Address): ProposedTransaction[] {
    return [...this.transactions.values()].filter((tx) => tx.safe.toLowerCase() === safe.toLowerCase())
  }

  messagesOf(safe: Address): StoredMessage[] {
    return [...this.messages.values()].filter((m) => m.safe.toLowerCase() === safe.toLowerCase())
  }
}
