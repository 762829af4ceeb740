import { type Address, getAddress, type Hex } from 'viem'
import {
  defaultEcdsaBackend,
  type EcdsaBackend,
  parseRecoverableSignature,
  recoverSignerAddress,
} from './ecdsa-recover.ts'

/**
 * Recovers the signer of `hash` from an ECDSA signature: 65 bytes `r‖s‖v` with `v` 0/1 or 27/28, or 64
 * bytes EIP-2098 compact `r‖yParityAndS`. Any other shape, or bytes that are no point on the curve,
 * give `undefined` (not this kind of signature) rather than an exception.
 *
 * @example
 * const signer = await recoverEoaSigner(hashMessage(text), signature)
 */
export async function recoverEoaSigner(
  hash: Hex,
  signature: Hex,
  backend: EcdsaBackend = defaultEcdsaBackend,
): Promise<Address | undefined> {
  const parsed = parseRecoverableSignature(signature)
  if (!parsed || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined
  const signer = await recoverSignerAddress(Buffer.from(hash.slice(2), 'hex'), parsed, backend)
  return signer === undefined ? undefined : getAddress(signer)
}
