import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { keccak_256 } from '@noble/hashes/sha3'

/** The `keccak` package's native sponge (XKCP), as its own bindings.js loads it. */
type KeccakState = {
  initialize(rate: number, capacity: number): void
  absorb(data: Buffer): void
  squeeze(length: number): Buffer
}

const require = createRequire(import.meta.url)

/**
 * A native Keccak sponge, or undefined when the `keccak` package's prebuilt binding does not load. The
 * package's main file would fall back to its own JavaScript silently, and its hasher API builds a stream
 * object per hash (a third of the cost of hashing a sign-in message); the bare sponge is loaded the way
 * the package's bindings.js does, and @noble/hashes (viem's) is the fallback.
 */
export function loadNativeKeccak(packageName = 'keccak'): KeccakState | undefined {
  try {
    const root = dirname(require.resolve(`${packageName}/package.json`))
    const State = createRequire(`${root}/`)('node-gyp-build')(root) as new () => KeccakState
    if (typeof State !== 'function') return undefined
    return new State()
  } catch {
    return undefined
  }
}

// One sponge serves every hash: each use is synchronous and starts with initialize().
const native = loadNativeKeccak()

/** Whether the native Keccak loaded in this process. */
export function nativeKeccakAvailable(): boolean {
  return native !== undefined
}

/**
 * Keccak-256 of the concatenated parts: native (several times faster than @noble/hashes on a sign-in
 * message, which every EOA check hashes, plus the recovered key) when it loaded, else @noble/hashes.
 * Both give the same bytes.
 *
 * @example const digest = keccak256([prefix, body])
 */
export function keccak256(
  parts: readonly Uint8Array[],
  implementation: 'native' | 'javascript' = native ? 'native' : 'javascript',
): Uint8Array {
  if (implementation === 'native') {
    if (!native) throw new Error('the native keccak binding did not load in this process')
    // Keccak-256: rate 1088 bits, capacity 512; squeeze() pads with Keccak's 0x01 (not SHA-3's 0x06).
    native.initialize(1088, 512)
    for (const part of parts) {
      // It takes Buffers only; a view of the same memory costs no copy.
      native.absorb(Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength))
    }
    return native.squeeze(32)
  }
  const hasher = keccak_256.create()
  for (const part of parts) hasher.update(part)
  return hasher.digest()
}
