import {
  type AccessList,
  type Address,
  BaseError,
  FeeCapTooHighError,
  FeeConflictError,
  formatEther,
  InvalidAddressError,
  InvalidChainIdError,
  InvalidStorageKeySizeError,
  isAddressEqual,
  isHex,
  parseEther,
  parseGwei,
  serializeAccessList,
  serializeTransaction,
  TipAboveFeeCapError,
  type TransactionSerializable,
} from 'viem'

/**
 * SPEC §5: a transaction Signet builds is checked before anything reaches the wallet. The rules
 * are viem's own (the checks its serializer runs before a local account signs); this module only
 * turns form text into viem's request, calls those checks, and says which field is wrong in words
 * a person can act on.
 */

export type TransactionType = 'legacy' | 'eip2930' | 'eip1559'

export const transactionTypes: { type: TransactionType; label: string }[] = [
  { type: 'eip1559', label: 'EIP-1559' },
  { type: 'eip2930', label: 'EIP-2930' },
  { type: 'legacy', label: 'Legacy' },
]

/** The form as typed: amounts in ether, fees in gwei, the access list as JSON; '' = not given. */
export type TransactionFields = {
  to: string
  value: string
  type: TransactionType
  gasPrice: string
  maxFeePerGas: string
  maxPriorityFeePerGas: string
  accessList: string
  chainId: string
}

export type TransactionField = keyof TransactionFields

/** What is sent to the wallet (wagmi's `sendTransaction` parameters); absent fees: the wallet decides. */
export type TestTransactionRequest = {
  to: Address
  value: bigint
  type: TransactionType
  chainId: number
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  accessList?: AccessList
}

export type TransactionProblem = { field: TransactionField; message: string }

export type TransactionRequestResult =
  | { ok: true; request: TestTransactionRequest }
  | { ok: false; problem: TransactionProblem }

/** The user's texts for viem's transaction errors (and for fields that do not parse). */
export const transactionErrorText = {
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
  amount: (symbol: string) => `Enter the amount in ${symbol} as a number, such as 0 or 0.01.`,
  gwei: (name: string) => `Enter the ${name} in gwei as a number, such as 1.5, or leave it empty.`,
  chainIdNotNumber: 'Enter the chain id as a whole number, such as 1.',
  accessListFormat:
    'Write the access list as JSON: [{ "address": "0x…", "storageKeys": ["0x…"] }], or leave it empty.',
  wrongChain: (walletChainId: number, chainId: number) =>
    `Your wallet is on chain ${walletChainId}, not chain ${chainId}: switch network or change the chain id.`,
} as const

/** The one-click default: 0 to yourself as an EIP-1559 transaction on the wallet's chain, fees left to the wallet. */
export function defaultTransactionFields(self: Address, chainId: number): TransactionFields {
  return {
    to: self,
    value: '0',
    type: 'eip1559',
    gasPrice: '',
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
    accessList: '',
    chainId: String(chainId),
  }
}

/**
 * Reads the form into a transaction request and checks it with viem before it is sent.
 *
 * @example
 * const result = buildTransactionRequest(defaultTransactionFields(address, 1))
 * if (result.ok) await sendTransactionAsync(result.request)
 */
export function buildTransactionRequest(
  fields: TransactionFields,
  { currencySymbol = 'ETH' }: { currencySymbol?: string } = {},
): TransactionRequestResult {
  try {
    const request = parseTransactionFields(fields, currencySymbol)
    assertTransactionRequest(request)
    return { ok: true, request }
  } catch (error) {
    if (error instanceof FieldError)
      return { ok: false, problem: { field: error.field, message: error.message } }
    return { ok: false, problem: describeTransactionError(error, fields.type) }
  }
}

/**
 * viem's checks for the request, in the order a local account's serializer runs them: the
 * transaction (recipient, chain id, fee caps, tip, fields its type may not carry), then the access
 * list (addresses, 32-byte storage keys).
 */
export function assertTransactionRequest(request: TestTransactionRequest): void {
  const { accessList, ...transaction } = request
  // viem's EIP-1559 serializer ignores a gas price rather than refusing it; a gas price sent along
  // still reaches the wallet, so it is refused with viem's error for exactly that mix.
  if (request.type === 'eip1559' && request.gasPrice !== undefined) throw new FeeConflictError()
  if (request.type === 'legacy' && accessList && accessList.length > 0)
    throw new FieldError('accessList', transactionErrorText.legacyAccessList)
  try {
    // viem's types rule out the mixes a form allows (a legacy type with a max fee…); its run-time
    // checks are what judge them.
    serializeTransaction(transaction as TransactionSerializable)
  } catch (error) {
    // Legacy and EIP-2930 checks refuse EIP-1559 fees with a plain BaseError: name it.
    const hasEip1559Fees = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined
    if (error instanceof BaseError && error.constructor === BaseError && hasEip1559Fees)
      throw new FeeConflictError()
    throw error
  }
  try {
    serializeAccessList(accessList)
  } catch (error) {
    if (error instanceof InvalidAddressError)
      throw new FieldError('accessList', transactionErrorText.invalidAccessListAddress)
    throw error
  }
}

/** Which field a viem transaction error is about, and what to tell the user. */
export function describeTransactionError(error: unknown, type: TransactionType): TransactionProblem {
  const fee: TransactionField = type === 'eip1559' ? 'maxFeePerGas' : 'gasPrice'
  if (error instanceof FieldError) return { field: error.field, message: error.message }
  if (error instanceof InvalidAddressError)
    return { field: 'to', message: transactionErrorText.invalidRecipient }
  if (error instanceof InvalidChainIdError)
    return { field: 'chainId', message: transactionErrorText.invalidChainId }
  if (error instanceof FeeCapTooHighError)
    return {
      field: fee,
      message: type === 'eip1559' ? transactionErrorText.maxFeeTooHigh : transactionErrorText.gasPriceTooHigh,
    }
  if (error instanceof TipAboveFeeCapError)
    return { field: 'maxPriorityFeePerGas', message: transactionErrorText.tipAboveFeeCap }
  if (error instanceof FeeConflictError)
    return {
      field: type === 'eip1559' ? 'gasPrice' : 'maxFeePerGas',
      message: transactionErrorText.feeConflict,
    }
  if (error instanceof InvalidStorageKeySizeError)
    return { field: 'accessList', message: transactionErrorText.storageKeySize }
  // Anything else viem refuses keeps viem's own short message.
  const message =
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  return { field: fee, message }
}

/** The request is for the chain the wallet is on (the wallet signs for its own chain). */
export function checkWalletChain(
  request: TestTransactionRequest,
  walletChainId: number,
): TransactionProblem | undefined {
  if (request.chainId === walletChainId) return undefined
  return { field: 'chainId', message: transactionErrorText.wrongChain(walletChainId, request.chainId) }
}

/**
 * How the transaction is listed in the profile's recent transactions.
 *
 * @example describeTestTransaction(request, self) // 'Test transaction (0 to yourself)'
 */
export function describeTestTransaction(
  request: TestTransactionRequest,
  self: Address,
  currencySymbol = 'ETH',
): string {
  const amount = request.value === 0n ? '0' : `${formatEther(request.value)} ${currencySymbol}`
  const recipient = isAddressEqual(request.to, self)
    ? 'yourself'
    : `${request.to.slice(0, 6)}…${request.to.slice(-4)}`
  const type = request.type === 'eip1559' ? '' : `, ${typeLabel(request.type)}`
  return `Test transaction (${amount} to ${recipient}${type})`
}

export function typeLabel(type: TransactionType): string {
  return transactionTypes.find((entry) => entry.type === type)?.label ?? type
}

/** A field that does not parse (not one of viem's rules: those come from viem's checks). */
class FieldError extends Error {
  override name = 'FieldError'
  constructor(
    readonly field: TransactionField,
    message: string,
  ) {
    super(message)
  }
}

const decimalPattern = (decimals: number) => new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`)
const etherPattern = decimalPattern(18)
const gweiPattern = decimalPattern(9)

function parseTransactionFields(fields: TransactionFields, currencySymbol: string): TestTransactionRequest {
  const to = fields.to.trim()
  // An empty recipient would make a contract deployment: not what this form sends.
  if (to === '') throw new FieldError('to', transactionErrorText.missingRecipient)
  const value = fields.value.trim()
  if (!etherPattern.test(value)) throw new FieldError('value', transactionErrorText.amount(currencySymbol))
  const chainIdText = fields.chainId.trim()
  const chainId = Number(chainIdText)
  // Zero and negative ids pass on to viem, whose check names them.
  if (!/^-?\d+$/.test(chainIdText) || !Number.isSafeInteger(chainId))
    throw new FieldError('chainId', transactionErrorText.chainIdNotNumber)

  const request: TestTransactionRequest = {
    // viem's checks decide whether it is an address.
    to: to as Address,
    value: parseEther(value),
    type: fields.type,
    chainId,
  }
  const gasPrice = parseGweiField(fields.gasPrice, 'gasPrice', 'gas price')
  const maxFeePerGas = parseGweiField(fields.maxFeePerGas, 'maxFeePerGas', 'max fee')
  const maxPriorityFeePerGas = parseGweiField(
    fields.maxPriorityFeePerGas,
    'maxPriorityFeePerGas',
    'priority fee',
  )
  if (gasPrice !== undefined) request.gasPrice = gasPrice
  if (maxFeePerGas !== undefined) request.maxFeePerGas = maxFeePerGas
  if (maxPriorityFeePerGas !== undefined) request.maxPriorityFeePerGas = maxPriorityFeePerGas
  const accessList = parseAccessListField(fields.accessList)
  if (accessList !== undefined) request.accessList = accessList
  return request
}

function parseGweiField(text: string, field: TransactionField, name: string): bigint | undefined {
  const value = text.trim()
  if (value === '') return undefined
  if (!gweiPattern.test(value)) throw new FieldError(field, transactionErrorText.gwei(name))
  return parseGwei(value)
}

/** Only the JSON's shape is checked here; addresses and storage keys are viem's to judge. */
function parseAccessListField(text: string): AccessList | undefined {
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new FieldError('accessList', transactionErrorText.accessListFormat)
  }
  const isEntry = (entry: unknown): boolean => {
    if (typeof entry !== 'object' || entry === null) return false
    const { address, storageKeys } = entry as Record<string, unknown>
    return typeof address === 'string' && Array.isArray(storageKeys) && storageKeys.every((key) => isHex(key))
  }
  if (!Array.isArray(value) || !value.every(isEntry))
    throw new FieldError('accessList', transactionErrorText.accessListFormat)
  return value as AccessList
}
