import { type Address, type Hex, isErc6492Signature } from 'viem'
import { checkErc1271Signatures, checkErc6492Signature, type RpcClient } from './contract-signature.ts'
import { type EcdsaBackend, parseRecoverableSignature, recoverSignerAddress } from './ecdsa-recover.ts'
import { personalSignHash } from './eip191-hash.ts'

export type AccountType = 'eoa' | 'contract' | 'counterfactual'

export type VerifySignatureParameters = {
  /** The account the message claims; compared case-insensitively. */
  address: Address
  /** The exact signed text (EIP-191 `personal_sign` of it is what every path checks). */
  message: string
  signature: string
  chainId: number
  /** The account's chain; without one only EOA signatures can be proven. */
  client?: RpcClient
  /** The secp256k1 implementation for step 1; libsecp256k1 when it loaded, else JavaScript. */
  ecdsa?: EcdsaBackend
}

export type VerifySignatureReturnType = { valid: true; accountType: AccountType } | { valid: false }

const hexPattern = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * Whether `signature` proves `address` signed `message`, trying the ways of docs/PRODUCT.md, "Valid signatures", in order and stopping
 * at the first that does:
 * 1. EOA (65-byte or EIP-2098 64-byte ECDSA, recovered locally, no RPC);
 * 2.–4. ERC-1271 `isValidSignature(bytes32,bytes)` and legacy `isValidSignature(bytes,bytes)`, both in one
 *    JSON-RPC batch; `0x` is checked the same way, which is how an on-chain approved message passes;
 * 5. ERC-6492 when the signature carries the 6492 suffix (one deployless `eth_call`, batched with the
 *    account's `eth_getCode`: `counterfactual` while it has no code, `contract` once deployed).
 * Malformed signatures (not hex, odd length) are invalid without any RPC.
 *
 * @throws {RpcUnavailableError} when a contract check could not reach the chain.
 * @example
 * const result = await verifySignature({ address, message, signature, chainId: 1, client })
 * if (result.valid) console.log(result.accountType)
 */
export async function verifySignature({
  address,
  message,
  signature,
  chainId,
  client,
  ecdsa,
}: VerifySignatureParameters): Promise<VerifySignatureReturnType> {
  if (!hexPattern.test(signature)) return { valid: false }
  const sig = signature as Hex
  const hashBytes = personalSignHash(message)

  const recoverable = parseRecoverableSignature(sig)
  if (recoverable) {
    const signer = await recoverSignerAddress(hashBytes, recoverable, ecdsa)
    if (signer !== undefined && signer === address.toLowerCase()) return { valid: true, accountType: 'eoa' }
  }
  if (!client) return { valid: false }

  const hash: Hex = `0x${Buffer.from(hashBytes).toString('hex')}`
  const check = { client, chainId, address, hash, signature: sig }
  if (isErc6492Signature(sig)) {
    // A wrapped signature means nothing to the account itself; the universal validator unwraps it (and
    // asks a since-deployed account directly), so steps 2.–4. would only cost a round trip. A wallet may
    // keep wrapping after its account was deployed: that account is a contract, no longer counterfactual.
    const { valid, deployed } = await checkErc6492Signature(check)
    if (!valid) return { valid: false }
    return { valid: true, accountType: deployed ? 'contract' : 'counterfactual' }
  }
  return (await checkErc1271Signatures(check)) ? { valid: true, accountType: 'contract' } : { valid: false }
}
