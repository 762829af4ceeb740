import { encodeAbiParameters, type Hex, keccak256, toEventSelector, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { markFailedSafeExecution } from './safe-execution-receipt.ts'

const safe = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const safeTxHash = keccak256(toHex('safe tx'))
const otherSafeTxHash = keccak256(toHex('another safe tx'))

function safeEvent(name: 'ExecutionFailure' | 'ExecutionSuccess', hash: Hex, address: string = safe) {
  return {
    address: address.toLowerCase(),
    topics: [toEventSelector(`${name}(bytes32,uint256)`)],
    data: encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [hash, 0n]),
  }
}

const receipt = (logs: unknown[]) => ({ transactionHash: keccak256(toHex('chain tx')), status: '0x1', logs })

describe('markFailedSafeExecution', () => {
  it('marks the receipt reverted when the Safe reports ExecutionFailure for this safeTxHash', () => {
    const marked = markFailedSafeExecution(
      receipt([safeEvent('ExecutionFailure', safeTxHash)]),
      safe,
      safeTxHash,
    )
    expect(marked.status).toBe('0x0')
    expect(marked.transactionHash).toBe(keccak256(toHex('chain tx')))
  })

  it('leaves a successful execution confirmed', () => {
    const marked = markFailedSafeExecution(
      receipt([safeEvent('ExecutionSuccess', safeTxHash)]),
      safe,
      safeTxHash,
    )
    expect(marked.status).toBe('0x1')
  })

  it('ignores a failure of another Safe transaction or from another contract', () => {
    const otherTx = receipt([safeEvent('ExecutionFailure', otherSafeTxHash)])
    expect(markFailedSafeExecution(otherTx, safe, safeTxHash).status).toBe('0x1')
    const otherContract = receipt([
      safeEvent('ExecutionFailure', safeTxHash, '0x0000000000000000000000000000000000000001'),
    ])
    expect(markFailedSafeExecution(otherContract, safe, safeTxHash).status).toBe('0x1')
  })

  it('passes through a missing or malformed receipt unchanged', () => {
    expect(markFailedSafeExecution(null, safe, safeTxHash)).toBeNull()
    const noLogs = { status: '0x1' }
    expect(markFailedSafeExecution(noLogs, safe, safeTxHash)).toBe(noLogs)
    const badLogs = receipt([null, { address: 5 }, { address: safe, topics: 'x' }])
    expect(markFailedSafeExecution(badLogs, safe, safeTxHash).status).toBe('0x1')
  })
})
