import { createRequire } from 'node:module'
import { type Hex, recoverAddress } from 'viem'
import { keccak256 } from './keccak256.ts'

/**
 * Which secp256k1 implementation recovers EOA signers: libsecp256k1 through the `secp256k1` package's
 * prebuilt binary (~25× faster), or viem (@noble/curves, pure JavaScript) when that binary cannot load.
 */
export type EcdsaBackend = 'native' | 'javascript'

/** An ECDSA signature ready for recovery: `r‖s` (64 bytes) and the recovery id (y parity of R). */
export type RecoverableSignature = { rs: Uint8Array; recid: 0 | 1 }

type NativeSecp256k1 = {
  ecdsaRecover(signature: Uint8Array, recid: number, message: Uint8Array, compressed: boolean): Uint8Array
}

const require = createRequire(import.meta.url)

/**
 * Loads libsecp256k1's binding, or undefined when it does not load (no prebuilt for this platform, a
 * libc mismatch). `secp256k1/bindings.js` is required rather than the package's main file, which would
 * silently fall back to `elliptic` — slower than @noble and a second JavaScript implementation to trust.
 */
export function loadNativeSecp256k1(moduleId = 'secp256k1/bindings.js'): NativeSecp256k1 | undefined {
  try {
    return require(moduleId) as NativeSecp256k1
  } catch {
    return undefined
  }
}

const native = loadNativeSecp256k1()

/** The backend used unless a caller asks for one: native when it loaded. */
export const defaultEcdsaBackend: EcdsaBackend = native ? 'native' : 'javascript'

const hexPattern = /^0x[0-9a-fA-F]*$/

/**
 * Reads a 65-byte `r‖s‖v` signature (v 0/1 or 27/28) or a 64-byte EIP-2098 `r‖yParityAndS` one; any other
 * shape is undefined. Range checks of r and s are left to the recovery, where both backends make them.
 */
export function parseRecoverableSignature(signature: string): RecoverableSignature | undefined {
  if ((signature.length !== 132 && signature.length !== 130) || !hexPattern.test(signature)) return undefined
  const bytes = Buffer.from(signature.slice(2), 'hex')
  if (bytes.length === 65) {
    const v = bytes[64] as number
    if (v !== 0 && v !== 1 && v !== 27 && v !== 28) return undefined
    return { rs: bytes.subarray(0, 64), recid: (v >= 27 ? v - 27 : v) as 0 | 1 }
  }
  const yParity = (bytes[32] as number) >> 7
  bytes[32] = (bytes[32] as number) & 0x7f
  return { rs: bytes, recid: yParity as 0 | 1 }
}

/**
 * The address (lowercase `0x…`) whose key made `signature` over the 32-byte `hash`, or undefined when the
 * signature recovers no key (r or s zero or ≥ n, r no x-coordinate on the curve, R at infinity).
 *
 * High-s signatures are accepted, as viem's `recoverAddress` and libsecp256k1's recovery both do: `(r, n−s)`
 * with the other parity is the same signer's signature of the same message, and a sign-in message is good
 * once anyway (its nonce is consumed), so malleability gives an attacker nothing.
 *
 * @example const signer = await recoverSignerAddress(hash, parseRecoverableSignature(sig)!)
 */
export async function recoverSignerAddress(
  hash: Uint8Array,
  { rs, recid }: RecoverableSignature,
  backend: EcdsaBackend = defaultEcdsaBackend,
): Promise<string | undefined> {
  if (backend === 'native') {
    if (!native) throw new Error('libsecp256k1 did not load in this process (see nativeSecp256k1Available)')
    let publicKey: Uint8Array
    try {
      publicKey = native.ecdsaRecover(rs, recid, hash, false)
    } catch {
      return undefined
    }
    const digest = keccak256([publicKey.subarray(1)])
    return toHex(digest.subarray(12))
  }
  try {
    // viem checks 1 ≤ r, s < n itself (its Signature throws), exactly as libsecp256k1's parse does.
    const address = await recoverAddress({
      hash: toHex(hash),
      signature: { r: toHex(rs.subarray(0, 32)), s: toHex(rs.subarray(32, 64)), yParity: recid },
    })
    return address.toLowerCase()
  } catch {
    return undefined
  }
}

/** Whether libsecp256k1 loaded in this process. */
export function nativeSecp256k1Available(): boolean {
  return native !== undefined
}

function toHex(bytes: Uint8Array): Hex {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex')}`
}
