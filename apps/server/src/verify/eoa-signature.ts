import { type Address, type Hex, hexToNumber, recoverAddress, size, slice } from 'viem'

/**
 * Recovers the signer of `hash` from an ECDSA signature: 65 bytes `r‖s‖v` with `v` 0/1 or 27/28, or 64
 * bytes EIP-2098 compact `r‖yParityAndS`. Any other shape, or bytes that are no point on the curve,
 * give `undefined` (not this kind of signature) rather than an exception.
 *
 * @example
 * const signer = await recoverEoaSigner(hashMessage(text), signature)
 */
export async function recoverEoaSigner(hash: Hex, signature: Hex): Promise<Address | undefined> {
  try {
    const length = size(signature)
    if (length === 65) {
      const v = hexToNumber(slice(signature, 64, 65))
      if (v !== 0 && v !== 1 && v !== 27 && v !== 28) return undefined
      return await recoverAddress({ hash, signature })
    }
    if (length === 64) {
      const r = slice(signature, 0, 32)
      const yParityAndS = BigInt(slice(signature, 32, 64))
      const yParity = Number(yParityAndS >> 255n)
      const s = yParityAndS & ((1n << 255n) - 1n)
      return await recoverAddress({
        hash,
        signature: { r, s: `0x${s.toString(16).padStart(64, '0')}`, yParity },
      })
    }
    return undefined
  } catch {
    return undefined
  }
}
