import type { TransactionInfo } from '@signet/gateway/responses/transactions'
import { describe, expect, it } from 'vitest'
import { confirmationCount, describeExecution, describeTransaction } from './transaction-summary.ts'

const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

describe('describeTransaction', () => {
  it('transfers, by direction and token', () => {
    const native: TransactionInfo = {
      type: 'Transfer',
      sender: { value: SAFE },
      recipient: { value: OTHER },
      direction: 'OUTGOING',
      transferInfo: { type: 'NATIVE_COIN', value: '100000000000000000' },
    }
    expect(describeTransaction(native)).toBe(`Sent 0.1 ETH to ${OTHER}`)
    expect(describeTransaction({ ...native, direction: 'INCOMING', sender: { value: OTHER } })).toBe(
      `Received 0.1 ETH from ${OTHER}`,
    )
    const erc20: TransactionInfo = {
      ...native,
      transferInfo: {
        type: 'ERC20',
        tokenAddress: OTHER,
        value: '2500000',
        decimals: 6,
        tokenSymbol: 'TUSD',
        imitation: false,
      },
    }
    expect(describeTransaction(erc20)).toBe(`Sent 2.5 TUSD to ${OTHER}`)
    const nft: TransactionInfo = {
      ...native,
      direction: 'UNKNOWN',
      transferInfo: { type: 'ERC721', tokenAddress: OTHER, tokenId: '7', tokenSymbol: 'TNFT' },
    }
    expect(describeTransaction(nft)).toBe('Transfer of TNFT #7')
  })

  it('settings changes, custom calls, creation', () => {
    expect(
      describeTransaction({
        type: 'SettingsChange',
        dataDecoded: { method: 'changeThreshold', parameters: [] },
        settingsInfo: { type: 'CHANGE_THRESHOLD' },
      }),
    ).toBe('Change threshold (changeThreshold)')
    const custom = { type: 'Custom' as const, to: { value: OTHER }, dataSize: '68', isCancellation: false }
    expect(describeTransaction({ ...custom, methodName: 'signMessage' })).toBe(
      'Contract interaction: signMessage',
    )
    expect(describeTransaction({ ...custom, methodName: null })).toBe(`Contract interaction with ${OTHER}`)
    expect(describeTransaction({ ...custom, methodName: 'multiSend', actionCount: 3 })).toBe(
      'Batch of 3 actions (multiSend)',
    )
    expect(describeTransaction({ ...custom, isCancellation: true })).toBe('On-chain rejection')
    expect(
      describeTransaction({ type: 'Creation', creator: { value: OTHER }, transactionHash: '0x01' }),
    ).toBe(`Safe created by ${OTHER}`)
    expect(describeTransaction({ type: 'SwapOrder' })).toBe('SwapOrder')
    expect(describeTransaction({ type: 'SwapOrder', humanDescription: 'Swap 1 ETH for 3000 USDC' })).toBe(
      'Swap 1 ETH for 3000 USDC',
    )
  })
})

describe('confirmations', () => {
  it('says n of m', () => {
    expect(confirmationCount(1, 2)).toBe('1 of 2 confirmations')
    expect(confirmationCount(1, 1)).toBe('1 of 1 confirmation')
    expect(
      describeExecution({ type: 'MULTISIG', nonce: 4, confirmationsRequired: 2, confirmationsSubmitted: 2 }),
    ).toBe('Nonce 4 · 2 of 2 confirmations')
    expect(describeExecution(null)).toBe('')
  })
})
