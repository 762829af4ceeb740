import { concat, type Hex, hexToNumber, size, sliceHex, toHex } from 'viem'

/**
 * Turns a `personal_sign` (eth_sign-style) signature of the SafeMessage hash into the owner signature
 * Safe expects for that kind: `v` + 4 (31/32), which tells the contract to EIP-191 hash before recovering.
 *
 * @example ethSignOwnerSignature(await signMessageAsync({ message: { raw: safeMessageHash } }))
 */
export function ethSignOwnerSignature(signature: Hex): Hex {
  if (size(signature) !== 65) throw new RangeError(`an owner signature has 65 bytes, got ${size(signature)}`)
  let v = hexToNumber(sliceHex(signature, 64, 65))
  // Some wallets answer v as 0/1 instead of 27/28.
  if (v < 27) v += 27
  if (v !== 27 && v !== 28) throw new RangeError(`unexpected signature v ${v}`)
  return concat([sliceHex(signature, 0, 64), toHex(v + 4, { size: 1 })])
}
