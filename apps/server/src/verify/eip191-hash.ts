import { keccak256 } from './keccak256.ts'

/**
 * The EIP-191 `personal_sign` hash of a text: keccak256("\x19Ethereum Signed Message:\n" + byte length +
 * UTF-8 bytes) — viem's `hashMessage(text)` as bytes, without its hex round trips.
 *
 * @example const hash = personalSignHash('example.org wants you to sign in…')
 */
export function personalSignHash(message: string): Uint8Array {
  const body = Buffer.from(message, 'utf8')
  return keccak256([Buffer.from(`\x19Ethereum Signed Message:\n${body.length}`, 'latin1'), body])
}
