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
import type { Messages } from '../i18n/catalogue.ts'
import type { Translate } from '../i18n/translate.ts'
import { errorText } from '../lib/error-text.ts'

/**
 * A transaction Signet builds is checked before anything reaches the wallet. The rules
 * are viem's own (the checks its serializer runs before a local account signs); this module only
 * turns form text into viem's request, calls those checks, and says which field is wrong in words
 * a person can act on.
 */

export type TransactionType = 'legacy' | 'eip2930' | 'eip1559'

export const transactionTypes: TransactionType[] = ['eip1559', 'eip2930', 'legacy']

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

export type TransactionProblem = { field: TransactionField; reason: TransactionProblemReason }

export type TransactionRequestResult =
  | { ok: true; request: TestTransactionRequest }
  | { ok: false; problem: TransactionProblem }

type TransactionErrorKey = keyof Messages['account']['transactionErrors']

/**
 * Why a field is wrong, as a catalogue key (`account.transactionErrors.*`) with its values, or viem's
 * own short message for what Signet has no text of its own.
 */
export type TransactionProblemReason =
  | { key: Exclude<TransactionErrorKey, 'amount' | 'wrongChain'> }
  | { key: 'amount'; currencySymbol: string }
  | { key: 'wrongChain'; walletChainId: number; chainId: number }
  | { key: 'viem'; error: unknown }

/** The user's words for a problem, in `t`'s language. */
export function transactionProblemText(t: Translate, reason: TransactionProblemReason): string {
  if (reason.key === 'viem') return errorText(t, reason.error)
  const { key, ...values } = reason
  return t(`account.transactionErrors.${key}`, values)
}

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
      return { ok: false, problem: { field: error.field, reason: error.reason } }
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
    throw new FieldError('accessList', { key: 'legacyAccessList' })
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
      throw new FieldError('accessList', { key: 'invalidAccessListAddress' })
    throw error
  }
}

/** Which field a viem transaction error is about, and what to tell the user. */
export function describeTransactionError(error: unknown, type: TransactionType): TransactionProblem {
  const fee: TransactionField = type === 'eip1559' ? 'maxFeePerGas' : 'gasPrice'
  if (error instanceof FieldError) return { field: error.field, reason: error.reason }
  if (error instanceof InvalidAddressError) return { field: 'to', reason: { key: 'invalidRecipient' } }
  if (error instanceof InvalidChainIdError) return { field: 'chainId', reason: { key: 'invalidChainId' } }
  if (error instanceof FeeCapTooHighError)
    return {
      field: fee,
      reason: { key: type === 'eip1559' ? 'maxFeeTooHigh' : 'gasPriceTooHigh' },
    }
  if (error instanceof TipAboveFeeCapError)
    return { field: 'maxPriorityFeePerGas', reason: { key: 'tipAboveFeeCap' } }
  if (error instanceof FeeConflictError)
    return {
      field: type === 'eip1559' ? 'gasPrice' : 'maxFeePerGas',
      reason: { key: 'feeConflict' },
    }
  if (error instanceof InvalidStorageKeySizeError)
    return { field: 'accessList', reason: { key: 'storageKeySize' } }
  // Anything else viem refuses keeps viem's own short message.
  return { field: fee, reason: { key: 'viem', error } }
}

/** The request is for the chain the wallet is on (the wallet signs for its own chain). */
export function checkWalletChain(
  request: TestTransactionRequest,
  walletChainId: number,
): TransactionProblem | undefined {
  if (request.chainId === walletChainId) return undefined
  return { field: 'chainId', reason: { key: 'wrongChain', walletChainId, chainId: request.chainId } }
}

/**
 * How the transaction is listed in the profile's recent transactions.
 *
 * @example describeTestTransaction(t, request, self) // 'Test transaction (0 to yourself)'
 */
export function describeTestTransaction(
  t: Translate,
  request: TestTransactionRequest,
  self: Address,
  currencySymbol = 'ETH',
): string {
  return t('account.testTransaction.recentDescription', {
    amount: request.value === 0n ? '0' : `${formatEther(request.value)} ${currencySymbol}`,
    toSelf: isAddressEqual(request.to, self) ? 'yes' : 'no',
    recipient: `${request.to.slice(0, 6)}…${request.to.slice(-4)}`,
    type: request.type === 'eip1559' ? 'default' : typeLabel(t, request.type),
  })
}

/** A transaction type's name: the EIP numbers stay as they are, "Legacy" is translated. */
export function typeLabel(t: Translate, type: TransactionType): string {
  if (type === 'legacy') return t('account.testTransaction.typeLegacy')
  return type === 'eip1559' ? 'EIP-1559' : 'EIP-2930'
}

/** A field that does not parse (not one of viem's rules: those come from viem's checks). */
class FieldError extends Error {
  override name = 'FieldError'
  constructor(
    readonly field: TransactionField,
    readonly reason: TransactionProblemReason,
  ) {
    super(reason.key)
  }
}

const decimalPattern = (decimals: number) => new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`)
const etherPattern = decimalPattern(18)
const gweiPattern = decimalPattern(9)

function parseTransactionFields(fields: TransactionFields, currencySymbol: string): TestTransactionRequest {
  const to = fields.to.trim()
  // An empty recipient would make a contract deployment: not what this form sends.
  if (to === '') throw new FieldError('to', { key: 'missingRecipient' })
  const value = fields.value.trim()
  if (!etherPattern.test(value)) throw new FieldError('value', { key: 'amount', currencySymbol })
  const chainIdText = fields.chainId.trim()
  const chainId = Number(chainIdText)
  // Zero and negative ids pass on to viem, whose check names them.
  if (!/^-?\d+$/.test(chainIdText) || !Number.isSafeInteger(chainId))
    throw new FieldError('chainId', { key: 'chainIdNotNumber' })

  const request: TestTransactionRequest = {
    // viem's checks decide whether it is an address.
    to: to as Address,
    value: parseEther(value),
    type: fields.type,
    chainId,
  }
  const gasPrice = parseGweiField(fields.gasPrice, 'gasPrice', 'gasPriceFormat')
  const maxFeePerGas = parseGweiField(fields.maxFeePerGas, 'maxFeePerGas', 'maxFeeFormat')
  const maxPriorityFeePerGas = parseGweiField(
    fields.maxPriorityFeePerGas,
    'maxPriorityFeePerGas',
    'priorityFeeFormat',
  )
  if (gasPrice !== undefined) request.gasPrice = gasPrice
  if (maxFeePerGas !== undefined) request.maxFeePerGas = maxFeePerGas
  if (maxPriorityFeePerGas !== undefined) request.maxPriorityFeePerGas = maxPriorityFeePerGas
  const accessList = parseAccessListField(fields.accessList)
  if (accessList !== undefined) request.accessList = accessList
  return request
}

function parseGweiField(
  text: string,
  field: TransactionField,
  key: 'gasPriceFormat' | 'maxFeeFormat' | 'priorityFeeFormat',
): bigint | undefined {
  const value = text.trim()
  if (value === '') return undefined
  if (!gweiPattern.test(value)) throw new FieldError(field, { key })
  return parseGwei(value)
}

/** Only the JSON's shape is checked here; addresses and storage keys are viem's to judge. */
function parseAccessListField(text: string): AccessList | undefined {
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new FieldError('accessList', { key: 'accessListFormat' })
  }
  const isEntry = (entry: unknown): boolean => {
    if (typeof entry !== 'object' || entry === null) return false
    const { address, storageKeys } = entry as Record<string, unknown>
    return typeof address === 'string' && Array.isArray(storageKeys) && storageKeys.every((key) => isHex(key))
  }
  if (!Array.isArray(value) || !value.every(isEntry))
    throw new FieldError('accessList', { key: 'accessListFormat' })
  return value as AccessList
}
