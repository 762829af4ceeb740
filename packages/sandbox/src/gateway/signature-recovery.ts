import {
  type Address,
  concat,
  getAddress,
  type Hex,
  hashMessage,
  hexToNumber,
  recoverAddress,
  size,
  sliceHex,
  toHex,
} from 'viem'
import { unprocessable } from './local-gateway-error.ts'

/**
 * The owner behind one 65-byte Safe signature of `hash`, as the transaction service reads it:
 * v 27/28 = EIP-712 ECDSA over `hash`; v 31/32 = `eth_sign` of `hash` (v − 4). Contract signatures
 * (v 0) and pre-approved hashes (v 1) are not accepted for proposals here.
 */
export async function recoverSafeSigner(hash: Hex, signature: Hex): Promise<Address> {
  if (!/^0x[0-9a-fA-F]*$/.test(signature) || size(signature) !== 65) {
    throw unprocessable('Signature must be 65 bytes of hex (r, s, v)')
  }
  const v = hexToNumber(sliceHex(signature, 64, 65))
  try {
    if (v === 27 || v === 28) return getAddress(await recoverAddress({ hash, signature }))
    if (v === 31 || v === 32) {
      const adjusted = concat([sliceHex(signature, 0, 64), toHex(v - 4, { size: 1 })])
      return getAddress(await recoverAddress({ hash: hashMessage({ raw: hash }), signature: adjusted }))
    }
  } catch {
    throw unprocessable('Signature could not be recovered')
  }
  throw unprocessable(`Signature type v=${v} is not supported (EIP-712 or eth_sign owner signatures only)`)
}

/** Splits concatenated 65-byte owner signatures (as found in an execTransaction call). */
export function splitSignatures(signatures: Hex): Hex[] {
  const parts: Hex[] = []
  for (let offset = 0; offset + 65 <= size(signatures); offset += 65) {
    parts.push(sliceHex(signatures, offset, offset + 65))
  }
  return parts
}
