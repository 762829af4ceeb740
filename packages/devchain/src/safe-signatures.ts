import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  concat,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  isAddressEqual,
  size,
  type TypedDataDomain,
  toEventSelector,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  execTransactionAbi,
  isValidSignatureAbi,
  legacyIsValidSignatureAbi,
  safeReadAbi,
  signMessageAbi,
} from './safe-abi.ts'
import type { SafeDeployment } from './safe-deploy.ts'
import { devClient, sendTransactions } from './send-transactions.ts'

/** Which Safe a signature is for: the EIP-712 domain depends on the chain and the Safe's version. */
export type SafeRef = {
  safe: Address
  chainId: number
  /** The Safe's VERSION, e.g. '1.4.1'. */
  version: string
}

export type OwnerSignature = { owner: Address; signature: Hex }

export type SafeTransaction = {
  to: Address
  value?: bigint
  data?: Hex
  /** 0 = call, 1 = delegatecall. */
  operation?: 0 | 1
  safeTxGas?: bigint
  baseGas?: bigint
  gasPrice?: bigint
  gasToken?: Address
  refundReceiver?: Address
  nonce: bigint
}

export type SafeSignatureErrorCode = 'BAD_SIGNATURE_LENGTH' | 'SAFE_TX_FAILED' | 'NO_SIGN_MESSAGE_LIB'

export class SafeSignatureError extends Error {
  readonly code: SafeSignatureErrorCode
  constructor(code: SafeSignatureErrorCode, message: string) {
    super(message)
    this.name = 'SafeSignatureError'
    this.code = code
  }
}

const SAFE_MESSAGE_TYPES = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

/** Safes before 1.3.0 hash their EIP-712 domain without the chain id. */
export function domainHasChainId(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > 1 || (major === 1 && minor >= 3)
}

/** `EIP712Domain(uint256 chainId,address verifyingContract)`, or `EIP712Domain(address verifyingContract)` before 1.3.0. */
export function safeDomain({ safe, chainId, version }: SafeRef): TypedDataDomain {
  return domainHasChainId(version) ? { chainId, verifyingContract: safe } : { verifyingContract: safe }
}

/**
 * The hash owners sign for a message: EIP-712 `SafeMessage(bytes message)`, where `message` is what is
 * passed to `isValidSignature(bytes32)`: for a SIWE text, its EIP-191 hash (viem `hashMessage(text)`).
 */
export function safeMessageHash(params: SafeRef & { message: Hex }): Hex {
  return hashTypedData({
    domain: safeDomain(params),
    types: SAFE_MESSAGE_TYPES,
    primaryType: 'SafeMessage',
    message: { message: params.message },
  })
}

/** One owner's EIP-712 signature of the SafeMessage (65 bytes, v = 27/28). */
export async function signSafeMessage(
  ownerKey: Hex,
  params: SafeRef & { message: Hex },
): Promise<OwnerSignature> {
  const account = privateKeyToAccount(ownerKey)
  const signature = await account.signTypedData({
    domain: safeDomain(params),
    types: SAFE_MESSAGE_TYPES,
    primaryType: 'SafeMessage',
    message: { message: params.message },
  })
  return { owner: account.address, signature }
}

/** The Safe checks owner signatures in strictly ascending owner order, so sort before concatenating. */
export function concatOwnerSignatures(signatures: OwnerSignature[]): Hex {
  for (const { owner, signature } of signatures) {
    if (size(signature) !== 65) {
      throw new SafeSignatureError(
        'BAD_SIGNATURE_LENGTH',
        `signature of ${owner} is ${size(signature)} bytes, not 65`,
      )
    }
  }
  const sorted = [...signatures].sort((a, b) => {
    const [x, y] = [BigInt(a.owner), BigInt(b.owner)]
    return x < y ? -1 : x > y ? 1 : 0
  })
  return sorted.length === 0 ? '0x' : concat(sorted.map((s) => s.signature))
}

function safeTxMessage(tx: SafeTransaction) {
  return {
    to: tx.to,
    value: tx.value ?? 0n,
    data: tx.data ?? '0x',
    operation: tx.operation ?? 0,
    safeTxGas: tx.safeTxGas ?? 0n,
    baseGas: tx.baseGas ?? 0n,
    gasPrice: tx.gasPrice ?? 0n,
    gasToken: tx.gasToken ?? zeroAddress,
    refundReceiver: tx.refundReceiver ?? zeroAddress,
    nonce: tx.nonce,
  }
}

/** EIP-712 hash of a SafeTx (what `getTransactionHash` returns on chain). */
export function safeTransactionHash(params: SafeRef & { tx: SafeTransaction }): Hex {
  return hashTypedData({
    domain: safeDomain(params),
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: safeTxMessage(params.tx),
  })
}

export async function signSafeTransaction(
  ownerKey: Hex,
  params: SafeRef & { tx: SafeTransaction },
): Promise<OwnerSignature> {
  const account = privateKeyToAccount(ownerKey)
  const signature = await account.signTypedData({
    domain: safeDomain(params),
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: safeTxMessage(params.tx),
  })
  return { owner: account.address, signature }
}

const EXECUTION_SUCCESS = toEventSelector('ExecutionSuccess(bytes32,uint256)')

/**
 * Runs a Safe transaction at the Safe's current nonce: every key in `ownerKeys` signs the SafeTx
 * (EIP-712), signatures are sorted by owner, and `executorKey` (default: the first owner) sends
 * execTransaction. No gas refund (safeTxGas = baseGas = gasPrice = 0). Throws when the Safe reports
 * ExecutionFailure or the call reverts.
 */
export async function execSafeTransaction(params: {
  rpcUrl: string
  safe: Address
  ownerKeys: Hex[]
  to: Address
  value?: bigint
  data?: Hex
  operation?: 0 | 1
  executorKey?: Hex
}): Promise<{ transactionHash: Hex; safeTxHash: Hex }> {
  const client = devClient(params.rpcUrl)
  const [chainId, version, nonce] = await Promise.all([
    client.getChainId(),
    client.readContract({ address: params.safe, abi: safeReadAbi, functionName: 'VERSION' }),
    client.readContract({ address: params.safe, abi: safeReadAbi, functionName: 'nonce' }),
  ])
  const ref: SafeRef = { safe: params.safe, chainId, version }
  const tx: SafeTransaction = {
    to: params.to,
    value: params.value,
    data: params.data,
    operation: params.operation,
    nonce,
  }
  const signatures = await Promise.all(
    params.ownerKeys.map((key) => signSafeTransaction(key, { ...ref, tx })),
  )
  const m = safeTxMessage(tx)
  const executorKey = params.executorKey ?? params.ownerKeys[0]
  if (!executorKey)
    throw new SafeSignatureError('SAFE_TX_FAILED', 'execSafeTransaction needs at least one key')
  const [receipt] = await sendTransactions(params.rpcUrl, executorKey, [
    {
      to: params.safe,
      data: encodeFunctionData({
        abi: execTransactionAbi,
        functionName: 'execTransaction',
        args: [
          m.to,
          m.value,
          m.data,
          m.operation,
          m.safeTxGas,
          m.baseGas,
          m.gasPrice,
          m.gasToken,
          m.refundReceiver,
          concatOwnerSignatures(signatures),
        ],
      }),
    },
  ])
  const succeeded = receipt?.logs.some(
    (log) => isAddressEqual(log.address, params.safe) && log.topics[0] === EXECUTION_SUCCESS,
  )
  if (!receipt || !succeeded) {
    throw new SafeSignatureError('SAFE_TX_FAILED', `Safe ${params.safe} reported ExecutionFailure`)
  }
  return { transactionHash: receipt.transactionHash, safeTxHash: safeTransactionHash({ ...ref, tx }) }
}

/**
 * Marks a message as signed by the Safe itself, so that an empty signature (`0x`) becomes valid for it.
 * `messageHash` is the hash a verifier passes to `isValidSignature(bytes32, 0x)`, e.g. the EIP-191
 * hash of a SIWE text. ≥1.3.0: a Safe tx delegate-calling SignMessageLib.signMessage(messageHash);
 * 1.1.1: a Safe tx calling the Safe's own `signMessage(messageHash)` (it is `authorized`: only the
 * Safe may call it), which makes the legacy `isValidSignature(messageHash, 0x)` pass.
 */
export async function approveMessageOnChain(params: {
  rpcUrl: string
  safe: Address
  deployment: SafeDeployment
  ownerKeys: Hex[]
  messageHash: Hex
  executorKey?: Hex
}): Promise<{ transactionHash: Hex; safeTxHash: Hex }> {
  const data = encodeFunctionData({
    abi: signMessageAbi,
    functionName: 'signMessage',
    args: [params.messageHash],
  })
  if (!domainHasChainId(params.deployment.version)) {
    return execSafeTransaction({ ...params, to: params.safe, data, operation: 0 })
  }
  if (!params.deployment.signMessageLib) {
    throw new SafeSignatureError(
      'NO_SIGN_MESSAGE_LIB',
      `deployment ${params.deployment.version} has no SignMessageLib`,
    )
  }
  return execSafeTransaction({ ...params, to: params.deployment.signMessageLib, data, operation: 1 })
}

/** A revert means "not valid"; anything else (RPC down, bad URL) is an error of its own. */
function revertedOrThrow(error: unknown): undefined {
  if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError))
    return undefined
  throw error
}

/**
 * EIP-1271 `isValidSignature(bytes32,bytes)` on a deployed Safe (answered by its fallback handler
 * on ≥1.3.0). Returns the bytes4 it answers, or undefined when the call reverts.
 */
export async function readIsValidSignature(params: {
  rpcUrl: string
  safe: Address
  hash: Hex
  signature: Hex
}): Promise<Hex | undefined> {
  try {
    return await devClient(params.rpcUrl).readContract({
      address: params.safe,
      abi: isValidSignatureAbi,
      functionName: 'isValidSignature',
      args: [params.hash, params.signature],
    })
  } catch (error) {
    return revertedOrThrow(error)
  }
}

/** Legacy `isValidSignature(bytes,bytes)`: the 1.1.1 Safe itself, the 1.3.0 and 1.4.1 handlers. */
export async function readLegacyIsValidSignature(params: {
  rpcUrl: string
  safe: Address
  data: Hex
  signature: Hex
}): Promise<Hex | undefined> {
  try {
    return await devClient(params.rpcUrl).readContract({
      address: params.safe,
      abi: legacyIsValidSignatureAbi,
      functionName: 'isValidSignature',
      args: [params.data, params.signature],
    })
  } catch (error) {
    return revertedOrThrow(error)
  }
}
