import { type Address, type Hex, hashMessage, hashTypedData, type TypedDataDomain } from 'viem'

/** Safes before 1.3.0 sign with an EIP-712 domain without the chain id. */
export function domainHasChainId(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > 1 || (major === 1 && minor >= 3)
}

/**
 * The hash a Safe's owners sign for a text (SPEC §3.1): EIP-712 `SafeMessage(bytes message)` whose
 * `message` is the EIP-191 hash of the text, under `{chainId, verifyingContract}` (≥1.3.0) or
 * `{verifyingContract}` (before). The gateway indexes off-chain messages by it.
 *
 * @example safeMessageHashOf({ safe, chainId: 1, version: '1.4.1', text: siweMessage })
 */
export function safeMessageHashOf(params: {
  safe: Address
  chainId: number
  version: string
  text: string
}): Hex {
  const domain: TypedDataDomain = domainHasChainId(params.version)
    ? { chainId: params.chainId, verifyingContract: params.safe }
    : { verifyingContract: params.safe }
  return hashTypedData({
    domain,
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: hashMessage(params.text) },
  })
}
