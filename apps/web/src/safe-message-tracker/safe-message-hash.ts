import { type Address, type Hex, hashMessage, hashTypedData, type TypedDataDomain } from 'viem'

/** A text a Safe signs: its address, chain and version (the version picks the EIP-712 domain). */
export type SafeMessageRef = { safe: Address; chainId: number; version: string; text: string }

/** Safes before 1.3.0 sign with an EIP-712 domain without the chain id. */
export function domainHasChainId(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > 1 || (major === 1 && minor >= 3)
}

/**
 * The EIP-712 `SafeMessage(bytes message)` of a text, as Safe{Wallet} builds it: `message` is the
 * EIP-191 hash of the text, the domain `{chainId, verifyingContract}` (Safe ≥ 1.3.0) or
 * `{verifyingContract}` (before).
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
 * The SafeMessage hash of a text: what owners sign, what the gateway indexes the message by
 * (`/v1/chains/{chainId}/messages/{messageHash}`), and what `signedMessages` holds once the Safe
 * approved it on chain.
 *
 * @example safeMessageHashOf({ safe, chainId: 31337, version: '1.4.1', text: siweMessage })
 */
export function safeMessageHashOf(ref: SafeMessageRef): Hex {
  return hashTypedData(safeMessageTypedData(ref))
}
