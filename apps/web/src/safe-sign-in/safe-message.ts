import {
  type Address,
  concat,
  type Hex,
  hashMessage,
  hashTypedData,
  hexToNumber,
  size,
  sliceHex,
  type TypedDataDomain,
  toHex,
} from 'viem'

export type SafeMessageRef = { safe: Address; chainId: number; version: string; text: string }

/** Safes before 1.3.0 sign with an EIP-712 domain without the chain id. */
export function domainHasChainId(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > 1 || (major === 1 && minor >= 3)
}

/**
 * What an owner signs with `eth_signTypedData_v4` to sign a text as the Safe (SPEC §3.1): EIP-712
 * `SafeMessage(bytes message)` whose `message` is the EIP-191 hash of the text, under
 * `{chainId, verifyingContract}` (Safe ≥ 1.3.0) or `{verifyingContract}` (before).
 *
 * @example await signTypedDataAsync(safeMessageTypedData({ safe, chainId: 1, version: '1.4.1', text }))
 */
export function safeMessageTypedData(ref: SafeMessageRef) {
  const domain: TypedDataDomain = domainHasChainId(ref.version)
    ? { chainId: ref.chainId, verifyingContract: ref.safe }
    : { verifyingContract: ref.safe }
  return {
    domain,
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: hashMessage(ref.text) },
  } as const
}

/**
 * The SafeMessage hash of a text: what the owners sign and what the gateway indexes the message by.
 *
 * @example safeMessageHashOf({ safe, chainId: 31337, version: '1.4.1', text: siweMessage })
 */
export function safeMessageHashOf(ref: SafeMessageRef): Hex {
  return hashTypedData(safeMessageTypedData(ref))
}

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
