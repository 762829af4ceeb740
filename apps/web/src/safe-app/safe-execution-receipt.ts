import { type Address, type Hex, toEventSelector } from 'viem'

// Same signature in every Safe from 1.1.1 to 1.5.0; neither argument is indexed.
const executionFailureTopic = toEventSelector('ExecutionFailure(bytes32,uint256)')

type ReceiptLike = { status?: unknown; logs?: unknown }
type LogLike = { address?: unknown; topics?: unknown; data?: unknown }

/**
 * A Safe transaction whose inner call fails is still mined in a successful chain transaction: the
 * Safe only emits `ExecutionFailure(safeTxHash, payment)`. The Safe provider answers
 * `eth_getTransactionReceipt(safeTxHash)` with that chain receipt, so the recent-transactions list
 * would call the Safe transaction confirmed. This marks such a receipt reverted (`status: 0x0`).
 */
export function markFailedSafeExecution<T>(receipt: T, safe: Address, safeTxHash: Hex): T {
  if (!receipt || typeof receipt !== 'object') return receipt
  const { logs } = receipt as ReceiptLike
  if (!Array.isArray(logs)) return receipt
  const failed = logs.some((log: LogLike) => {
    if (typeof log?.address !== 'string' || log.address.toLowerCase() !== safe.toLowerCase()) return false
    if (!Array.isArray(log.topics) || String(log.topics[0]).toLowerCase() !== executionFailureTopic)
      return false
    return typeof log.data === 'string' && log.data.slice(0, 66).toLowerCase() === safeTxHash.toLowerCase()
  })
  return failed ? { ...receipt, status: '0x0' } : receipt
}
