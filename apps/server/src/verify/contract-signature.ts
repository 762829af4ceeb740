import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  type Hex,
  type PublicClient,
} from 'viem'
import { RpcUnavailableError } from '../errors.ts'
import { isRpcUnavailable } from './rpc-failure.ts'

/** What the contract checks need of a client: viem's `request` (the chain client batches it). */
export type RpcClient = Pick<PublicClient, 'request'>

/** `isValidSignature(bytes32,bytes)` magic value (ERC-1271). */
const erc1271MagicValue = '0x1626ba7e'
/** `isValidSignature(bytes,bytes)` magic value (legacy ERC-1271, Safes before 1.3.0). */
const legacyErc1271MagicValue = '0x20c13b0b'

// Single-function fragments: with both overloads in one ABI viem cannot tell them apart.
const erc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const
const legacyErc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'data', type: 'bytes' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const

export type ContractCheckParameters = {
  client: RpcClient
  chainId: number
  address: Address
  /** EIP-191 hash of the signed text. */
  hash: Hex
  signature: Hex
}

/**
 * ERC-1271 and legacy ERC-1271 in one JSON-RPC batch (two `eth_call`s sent in the same tick, which the
 * chain client's batching puts in one HTTP request). The empty signature `0x` asks whether the account
 * approved the message on-chain. A reverted call or an address without code is "not this kind".
 *
 * @returns whether either call returned its magic value.
 * @throws {RpcUnavailableError} when the chain could not be asked and neither call proved the signature.
 */
export async function checkErc1271Signatures({
  client,
  chainId,
  address,
  hash,
  signature,
}: ContractCheckParameters): Promise<boolean> {
  const calls = [
    { data: encodeFunctionData({ abi: erc1271Abi, args: [hash, signature] }), magic: erc1271MagicValue },
    // `data` is the 32-byte EIP-191 hash itself: that is what a pre-1.3.0 Safe's owners signed over.
    {
      data: encodeFunctionData({ abi: legacyErc1271Abi, args: [hash, signature] }),
      magic: legacyErc1271MagicValue,
    },
  ]
  const results = await Promise.allSettled(
    calls.map(({ data }) =>
      client.request({ method: 'eth_call', params: [{ to: address, data }, 'latest'] }),
    ),
  )
  for (const [i, result] of results.entries()) {
    if (result.status === 'fulfilled' && returnsMagic(result.value, calls[i]?.magic ?? '0x')) return true
  }
  const failure = results.find((r) => r.status === 'rejected' && isRpcUnavailable(r.reason))
  if (failure?.status === 'rejected') throw new RpcUnavailableError(chainId, { cause: failure.reason })
  return false
}

/**
 * ERC-6492: a signature wrapped with the deployment of an account. One `eth_call` runs viem's deployless
 * universal validator, which deploys the account in the call's sandbox and asks it through ERC-1271 (an
 * account deployed since then is asked directly); an `eth_getCode` in the same batch tells which of the
 * two the account is, so that a wrapped signature of a deployed account is reported as a contract's.
 *
 * @returns whether the signature is valid, and whether the account has code on chain now.
 * @throws {RpcUnavailableError} when the chain could not be asked.
 */
export async function checkErc6492Signature({
  client,
  chainId,
  address,
  hash,
  signature,
}: ContractCheckParameters): Promise<{ valid: boolean; deployed: boolean }> {
  const data = encodeDeployData({
    abi: erc6492SignatureValidatorAbi,
    bytecode: erc6492SignatureValidatorByteCode,
    args: [address, hash, signature],
  })
  const [validation, code] = await Promise.allSettled([
    client.request({ method: 'eth_call', params: [{ data }, 'latest'] }),
    client.request({ method: 'eth_getCode', params: [address, 'latest'] }),
  ])
  for (const result of [validation, code]) {
    if (result.status === 'rejected' && isRpcUnavailable(result.reason))
      throw new RpcUnavailableError(chainId, { cause: result.reason })
  }
  // The validator's constructor returns one byte: 0x01 valid, 0x00 not.
  const valid = validation.status === 'fulfilled' && /^0x0*1$/.test(validation.value)
  if (valid && code.status === 'rejected') throw new RpcUnavailableError(chainId, { cause: code.reason })
  const deployed = code.status === 'fulfilled' && typeof code.value === 'string' && code.value.length > 2
  return { valid, deployed }
}

function returnsMagic(result: Hex | undefined, magic: string): boolean {
  // An ABI-encoded bytes4 is one 32-byte word, left-aligned.
  return typeof result === 'string' && result.length >= 10 && result.slice(0, 10).toLowerCase() === magic
}
