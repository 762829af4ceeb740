import { createTranslator } from 'use-intl'
import {
  type Address,
  FeeCapTooHighError,
  FeeConflictError,
  formatGwei,
  InvalidAddressError,
  InvalidChainIdError,
  InvalidStorageKeySizeError,
  maxUint256,
  parseGwei,
  TipAboveFeeCapError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import {
  buildTransactionRequest,
  checkWalletChain,
  defaultTransactionFields,
  describeTestTransaction,
  describeTransactionError,
  type TransactionFields,
  type TransactionProblem,
  type TransactionType,
  transactionProblemText,
} from './transaction-request.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })
/** A problem as the form shows it: the field, and the exact English text. */
const worded = (found: TransactionProblem | undefined) =>
  found && { field: found.field, message: transactionProblemText(t, found.reason) }

/** The English texts, word for word (the catalogue's, through a real translator). */
const text = {
  invalidRecipient:
    'The recipient address is not valid: use 0x and 40 hexadecimal characters (mixed case must match its checksum).',
  invalidAccessListAddress:
    'An access-list address is not valid: use 0x and 40 hexadecimal characters (mixed case must match its checksum).',
  invalidChainId: 'The chain id must be a positive whole number.',
  maxFeeTooHigh: 'The max fee cannot be more than 2^256−1 wei.',
  gasPriceTooHigh: 'The gas price cannot be more than 2^256−1 wei.',
  tipAboveFeeCap: 'The priority fee cannot be more than the max fee.',
  feeConflict:
    'A gas price cannot be combined with a max fee or priority fee: legacy and EIP-2930 transactions take a gas price, EIP-1559 transactions a max fee and priority fee.',
  storageKeySize: 'Each access-list storage key must be 32 bytes: 0x and 64 hexadecimal characters.',
  legacyAccessList:
    'A legacy transaction has no access list: choose EIP-2930 or EIP-1559, or leave the access list empty.',
  missingRecipient: 'Enter the recipient address.',
  chainIdNotNumber: 'Enter the chain id as a whole number, such as 1.',
  accessListFormat:
    'Write the access list as JSON: [{ "address": "0x…", "storageKeys": ["0x…"] }], or leave it empty.',
  amount: (symbol: string) => `Enter the amount in ${symbol} as a number, such as 0 or 0.01.`,
  gwei: (name: string) => `Enter the ${name} in gwei as a number, such as 1.5, or leave it empty.`,
} as const

const self = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const storageKey = `0x${'01'.repeat(32)}`
const accessList = (keys: string[], address: string = other) =>
  JSON.stringify([{ address, storageKeys: keys }])
/** 2^256 wei, written in gwei as the form takes it: one more than any fee may be. */
const tooHighGwei = formatGwei(maxUint256 + 1n)

const fields = (overrides: Partial<TransactionFields> = {}): TransactionFields => ({
  ...defaultTransactionFields(self, 1),
  ...overrides,
})

function problem(overrides: Partial<TransactionFields>) {
  const result = buildTransactionRequest(fields(overrides))
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.request, bigints)}`)
  return worded(result.problem) as { field: string; message: string }
}
const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)

describe('buildTransactionRequest: each type passes when valid', () => {
  it('the default is 0 to yourself, EIP-1559, on the wallet’s chain, fees left to the wallet', () => {
    expect(buildTransactionRequest(defaultTransactionFields(self, 31337))).toEqual({
      ok: true,
      request: { to: self, value: 0n, type: 'eip1559', chainId: 31337 },
    })
  })

  it('legacy with a gas price', () => {
    expect(buildTransactionRequest(fields({ type: 'legacy', gasPrice: '2.5', value: '0.01' }))).toEqual({
      ok: true,
      request: {
        to: self,
        value: 10_000_000_000_000_000n,
        type: 'legacy',
        chainId: 1,
        gasPrice: 2_500_000_000n,
      },
    })
  })

  it('EIP-2930 with a gas price and an access list', () => {
    expect(
      buildTransactionRequest(
        fields({ type: 'eip2930', gasPrice: '3', accessList: accessList([storageKey]) }),
      ),
    ).toEqual({
      ok: true,
      request: {
        to: self,
        value: 0n,
        type: 'eip2930',
        chainId: 1,
        gasPrice: parseGwei('3'),
        accessList: [{ address: other, storageKeys: [storageKey] }],
      },
    })
  })

  it('EIP-1559 with a max fee, a priority fee and an access list; fee caps up to 2^256−1 pass', () => {
    const result = buildTransactionRequest(
      fields({ maxFeePerGas: '10', maxPriorityFeePerGas: '10', accessList: accessList([]) }),
    )
    expect(result).toEqual({
      ok: true,
      request: {
        to: self,
        value: 0n,
        type: 'eip1559',
        chainId: 1,
        maxFeePerGas: parseGwei('10'),
        maxPriorityFeePerGas: parseGwei('10'),
        accessList: [{ address: other, storageKeys: [] }],
      },
    })
    const highest = formatGwei(maxUint256)
    expect(buildTransactionRequest(fields({ maxFeePerGas: highest })).ok).toBe(true)
    expect(buildTransactionRequest(fields({ type: 'legacy', gasPrice: highest })).ok).toBe(true)
  })
})

describe('buildTransactionRequest: the transaction rules (viem’s checks) fail with their texts', () => {
  const types: TransactionType[] = ['legacy', 'eip2930', 'eip1559']

  it.each(types)('%s: the recipient must be a valid address (checksum included)', (type) => {
    for (const to of ['0x1234', 'not an address', `${other.slice(0, -1)}c`]) {
      expect(problem({ type, to })).toEqual({ field: 'to', message: text.invalidRecipient })
    }
    // All lower case carries no checksum and is valid.
    expect(buildTransactionRequest(fields({ type, to: other.toLowerCase() })).ok).toBe(true)
  })

  it.each(types)('%s: the chain id must be positive', (type) => {
    for (const chainId of ['0', '-1']) {
      expect(problem({ type, chainId })).toEqual({ field: 'chainId', message: text.invalidChainId })
    }
  })

  it('EIP-1559: the max fee may not be above 2^256−1', () => {
    expect(problem({ maxFeePerGas: tooHighGwei })).toEqual({
      field: 'maxFeePerGas',
      message: text.maxFeeTooHigh,
    })
  })

  it.each(['legacy', 'eip2930'] as const)('%s: the gas price may not be above 2^256−1', (type) => {
    expect(problem({ type, gasPrice: tooHighGwei })).toEqual({
      field: 'gasPrice',
      message: text.gasPriceTooHigh,
    })
  })

  it('EIP-1559: the priority fee may not be above the max fee', () => {
    expect(problem({ maxFeePerGas: '1', maxPriorityFeePerGas: '1.000000001' })).toEqual({
      field: 'maxPriorityFeePerGas',
      message: text.tipAboveFeeCap,
    })
  })

  it('a gas price is never combined with the EIP-1559 fee fields, whatever the type', () => {
    expect(problem({ type: 'legacy', gasPrice: '1', maxFeePerGas: '2' })).toEqual({
      field: 'maxFeePerGas',
      message: text.feeConflict,
    })
    expect(problem({ type: 'eip2930', gasPrice: '1', maxPriorityFeePerGas: '1' })).toEqual({
      field: 'maxFeePerGas',
      message: text.feeConflict,
    })
    expect(problem({ type: 'eip1559', gasPrice: '1', maxFeePerGas: '2', maxPriorityFeePerGas: '1' })).toEqual(
      {
        field: 'gasPrice',
        message: text.feeConflict,
      },
    )
    // A legacy or EIP-2930 type is a gas-price transaction even with the gas price left empty.
    expect(problem({ type: 'legacy', maxFeePerGas: '2' }).message).toBe(text.feeConflict)
    expect(problem({ type: 'eip2930', maxPriorityFeePerGas: '1' }).message).toBe(text.feeConflict)
    // An EIP-1559 type is a max-fee transaction even with those left empty.
    expect(problem({ type: 'eip1559', gasPrice: '1' }).message).toBe(text.feeConflict)
  })

  it.each(['eip2930', 'eip1559'] as const)('%s: access-list storage keys are 32 bytes', (type) => {
    for (const key of [`0x${'01'.repeat(31)}`, `0x${'01'.repeat(33)}`, '0x']) {
      expect(
        problem({ type, gasPrice: type === 'eip2930' ? '1' : '', accessList: accessList([key]) }),
      ).toEqual({
        field: 'accessList',
        message: text.storageKeySize,
      })
    }
  })

  it.each(['eip2930', 'eip1559'] as const)('%s: access-list addresses must be valid', (type) => {
    expect(problem({ type, accessList: accessList([storageKey], '0x1234') })).toEqual({
      field: 'accessList',
      message: text.invalidAccessListAddress,
    })
  })

  it('legacy: no access list', () => {
    expect(problem({ type: 'legacy', accessList: accessList([storageKey]) })).toEqual({
      field: 'accessList',
      message: text.legacyAccessList,
    })
    expect(buildTransactionRequest(fields({ type: 'legacy', accessList: '[]' })).ok).toBe(true)
  })
})

describe('buildTransactionRequest: fields that do not parse', () => {
  it('says which field and how to write it', () => {
    expect(problem({ to: '  ' })).toEqual({ field: 'to', message: text.missingRecipient })
    for (const value of ['', '-1', '1e18', 'abc', `0.${'1'.repeat(19)}`])
      expect(problem({ value })).toEqual({ field: 'value', message: text.amount('ETH') })
    expect(problem({ gasPrice: '1,5', type: 'legacy' })).toEqual({
      field: 'gasPrice',
      message: text.gwei('gas price'),
    })
    expect(problem({ maxFeePerGas: '0.0000000001' })).toEqual({
      field: 'maxFeePerGas',
      message: text.gwei('max fee'),
    })
    expect(problem({ maxPriorityFeePerGas: '-1' })).toEqual({
      field: 'maxPriorityFeePerGas',
      message: text.gwei('priority fee'),
    })
    for (const chainId of ['', '1.5', 'one', '99999999999999999999'])
      expect(problem({ chainId })).toEqual({ field: 'chainId', message: text.chainIdNotNumber })
    for (const list of ['[', '{}', '[{"address": "0x"}]', '[{"address": "0x", "storageKeys": ["zz"]}]'])
      expect(problem({ accessList: list })).toEqual({ field: 'accessList', message: text.accessListFormat })
  })

  it('names the chain’s currency', () => {
    const result = buildTransactionRequest(fields({ value: 'x' }), { currencySymbol: 'xDAI' })
    expect(result.ok || worded(result.problem)).toEqual({
      field: 'value',
      message: 'Enter the amount in xDAI as a number, such as 0 or 0.01.',
    })
  })
})

describe('transactionProblemText', () => {
  it('says each rule in words a person can act on', () => {
    for (const [key, english] of Object.entries(text)) {
      if (typeof english === 'string')
        expect(transactionProblemText(t, { key } as Parameters<typeof transactionProblemText>[1])).toBe(
          english,
        )
    }
    expect(transactionProblemText(t, { key: 'amount', currencySymbol: 'ETH' })).toBe(text.amount('ETH'))
    expect(transactionProblemText(t, { key: 'maxFeeFormat' })).toBe(
      'Enter the max fee in gwei as a number, such as 1.5, or leave it empty.',
    )
  })
})

describe('describeTransactionError', () => {
  it('maps each viem error class to its field and text', () => {
    const cases: [Error, TransactionType, string, string][] = [
      [new InvalidAddressError({ address: '0x1' }), 'eip1559', 'to', text.invalidRecipient],
      [new InvalidChainIdError({ chainId: 0 }), 'legacy', 'chainId', text.invalidChainId],
      [new FeeCapTooHighError({ maxFeePerGas: 1n }), 'eip1559', 'maxFeePerGas', text.maxFeeTooHigh],
      [new FeeCapTooHighError({ maxFeePerGas: 1n }), 'eip2930', 'gasPrice', text.gasPriceTooHigh],
      [new TipAboveFeeCapError({}), 'eip1559', 'maxPriorityFeePerGas', text.tipAboveFeeCap],
      [new FeeConflictError(), 'eip1559', 'gasPrice', text.feeConflict],
      [new FeeConflictError(), 'legacy', 'maxFeePerGas', text.feeConflict],
      [new InvalidStorageKeySizeError({ storageKey: '0x01' }), 'eip2930', 'accessList', text.storageKeySize],
    ]
    for (const [error, type, field, message] of cases)
      expect(worded(describeTransactionError(error, type))).toEqual({ field, message })
  })

  it('keeps the short message of anything else', () => {
    expect(worded(describeTransactionError(new Error('boom'), 'legacy'))).toEqual({
      field: 'gasPrice',
      message: 'boom',
    })
  })
})

describe('checkWalletChain', () => {
  it('refuses a chain id other than the wallet’s', () => {
    const request = { to: self, value: 0n, type: 'eip1559', chainId: 100 } as const
    expect(checkWalletChain(request, 100)).toBeUndefined()
    expect(worded(checkWalletChain(request, 1))).toEqual({
      field: 'chainId',
      message: 'Your wallet is on chain 1, not chain 100: switch network or change the chain id.',
    })
  })
})

describe('describeTestTransaction', () => {
  it('names amount, recipient and (when not the default) type', () => {
    const base = { to: self, value: 0n, chainId: 1 } as const
    expect(describeTestTransaction(t, { ...base, type: 'eip1559' }, self)).toBe(
      'Test transaction (0 to yourself)',
    )
    expect(describeTestTransaction(t, { ...base, type: 'legacy' }, self)).toBe(
      'Test transaction (0 to yourself, Legacy)',
    )
    expect(
      describeTestTransaction(t, { ...base, type: 'eip2930', to: other, value: 10n ** 16n }, self, 'xDAI'),
    ).toBe('Test transaction (0.01 xDAI to 0x7099…79C8, EIP-2930)')
  })
})
