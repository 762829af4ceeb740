import type { TransactionInfo } from '@signet/gateway/responses/transactions'
import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { confirmationCount, describeExecution, describeTransaction } from './transaction-summary.ts'

const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

const t = createTranslator({ locale: 'en', messages: englishMessages })

describe('describeTransaction', () => {
  it('transfers, by direction and token', () => {
    const native: TransactionInfo = {
      type: 'Transfer',
      sender: { value: SAFE },
      recipient: { value: OTHER },
      direction: 'OUTGOING',
      transferInfo: { type: 'NATIVE_COIN', value: '100000000000000000' },
    }
    expect(describeTransaction(t, 'en', native)).toBe(`Sent 0.1 ETH to ${OTHER}`)
    expect(describeTransaction(t, 'en', { ...native, direction: 'INCOMING', sender: { value: OTHER } })).toBe(
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
    expect(describeTransaction(t, 'en', erc20)).toBe(`Sent 2.5 TUSD to ${OTHER}`)
    const nft: TransactionInfo = {
      ...native,
      direction: 'UNKNOWN',
      transferInfo: { type: 'ERC721', tokenAddress: OTHER, tokenId: '7', tokenSymbol: 'TNFT' },
    }
    expect(describeTransaction(t, 'en', nft)).toBe('Transfer of TNFT #7')
  })

  it('settings changes, custom calls, creation', () => {
    expect(
      describeTransaction(t, 'en', {
        type: 'SettingsChange',
        dataDecoded: { method: 'changeThreshold', parameters: [] },
        settingsInfo: { type: 'CHANGE_THRESHOLD' },
      }),
    ).toBe('Change threshold (changeThreshold)')
    const custom = { type: 'Custom' as const, to: { value: OTHER }, dataSize: '68', isCancellation: false }
    expect(describeTransaction(t, 'en', { ...custom, methodName: 'signMessage' })).toBe(
      'Contract interaction: signMessage',
    )
    expect(describeTransaction(t, 'en', { ...custom, methodName: null })).toBe(
      `Contract interaction with ${OTHER}`,
    )
    expect(describeTransaction(t, 'en', { ...custom, methodName: 'multiSend', actionCount: 3 })).toBe(
      'Batch of 3 actions (multiSend)',
    )
    expect(describeTransaction(t, 'en', { ...custom, isCancellation: true })).toBe('On-chain rejection')
    expect(
      describeTransaction(t, 'en', { type: 'Creation', creator: { value: OTHER }, transactionHash: '0x01' }),
    ).toBe(`Safe created by ${OTHER}`)
    expect(describeTransaction(t, 'en', { type: 'SwapOrder' })).toBe('SwapOrder')
    expect(
      describeTransaction(t, 'en', { type: 'SwapOrder', humanDescription: 'Swap 1 ETH for 3000 USDC' }),
    ).toBe('Swap 1 ETH for 3000 USDC')
  })
})

describe('confirmations', () => {
  it('says n of m', () => {
    expect(confirmationCount(t, 1, 2)).toBe('1 of 2 confirmations')
    expect(confirmationCount(t, 1, 1)).toBe('1 of 1 confirmation')
    expect(
      describeExecution(t, {
        type: 'MULTISIG',
        nonce: 4,
        confirmationsRequired: 2,
        confirmationsSubmitted: 2,
      }),
    ).toBe('Nonce 4 · 2 of 2 confirmations')
    expect(describeExecution(t, null)).toBe('')
  })
})
