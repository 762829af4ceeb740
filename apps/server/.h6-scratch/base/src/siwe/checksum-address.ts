import { keccak_256 } from '@noble/hashes/sha3'

/** A `0x`-prefixed 20-byte address (the same shape as viem's `Address`). */
export type Address = `0x${string}`

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * The EIP-55 mixed-case form of an address. Written against @noble/hashes (what viem uses underneath)
 * rather than viem's `checksumAddress` so that `signet parse` does not load all of viem (about a second
 * through tsx).
 *
 * @example toChecksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e5…'
 */
export function toChecksumAddress(address: string): Address {
  const hex = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const byte = hash[i >> 1] ?? 0
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? (hex[i] ?? '').toUpperCase() : (hex[i] ?? '')
  }
  return out as Address
}

/** Whether `address` is `0x` + 40 hex digits in its EIP-55 checksum form. */
export function isChecksumAddress(address: string): address is Address {
  return addressPattern.test(address) && toChecksumAddress(address) === address
}
