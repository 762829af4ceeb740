import type { Hex } from 'viem'
import {
  type SafeMessageRef,
  safeMessageHashOf,
  safeMessageTypedData,
} from '../safe-message-tracker/safe-message-hash.ts'
import { errorChain } from '../safe-message-tracker/wallet-error-chain.ts'
import { ethSignOwnerSignature } from './safe-message.ts'

/** The two ways a wallet can sign for a Safe owner (wagmi's signTypedData and signMessage underneath). */
export type OwnerSigner = {
  signTypedData(typedData: ReturnType<typeof safeMessageTypedData>): Promise<Hex>
  /** `personal_sign` of 32 raw bytes. */
  signRawHash(hash: Hex): Promise<Hex>
}

export type OwnerSignature = { signature: Hex; kind: 'eip712' | 'eth_sign' }

/**
 * An owner's signature of the SafeMessage for `ref`: EIP-712 (`eth_signTypedData_v4`) when the wallet can;
 * only a wallet that does not know the method falls back to signing the SafeMessage hash with
 * `personal_sign`, with `v` + 4 as Safe expects for eth_sign signatures. A refusal by the user is not
 * a reason to ask again another way.
 *
 * @example const { signature } = await signAsOwner(signer, { safe, chainId: 1, version: '1.4.1', text })
 */
export async function signAsOwner(signer: OwnerSigner, ref: SafeMessageRef): Promise<OwnerSignature> {
  try {
    return { signature: await signer.signTypedData(safeMessageTypedData(ref)), kind: 'eip712' }
  } catch (error) {
    if (!cannotSignTypedData(error)) throw error
  }
  const personal = await signer.signRawHash(safeMessageHashOf(ref))
  return { signature: ethSignOwnerSignature(personal), kind: 'eth_sign' }
}

/** The wallet does not have `eth_signTypedData_v4` (EIP-1193 4200, JSON-RPC -32601, or says so). */
export function cannotSignTypedData(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (link.code === 4200 || link.code === -32601) return true
    if (link.name === 'UnsupportedProviderMethodError' || link.name === 'MethodNotFoundRpcError') return true
  }
  return false
}
