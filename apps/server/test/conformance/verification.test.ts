import { describe, expect, it } from 'vitest'
import { SignetError } from '../../src/errors.ts'
import { parseDateTime } from '../../src/siwe/date-time.ts'
import { formatSiweMessage } from '../../src/siwe/format.ts'
import { verifySignIn } from '../../src/verify/verify-sign-in.ts'
import {
  expectedNegativeCodes,
  loadSiweVectors,
  splitVerificationVector,
  type VerificationVector,
  vectorsMissingMessage,
} from './siwe-vectors.ts'

const vectors = loadSiweVectors()

/** Builds the message from the vector's fields, then verifies it as `signet verify` does (no RPC). */
async function verifyVector(vector: VerificationVector) {
  const { fields, signature, time, domain, nonce } = splitVerificationVector(vector)
  return verifySignIn({
    message: formatSiweMessage(fields),
    signature,
    domain,
    nonce,
    time: time === undefined ? undefined : parseDateTime(time),
  })
}

describe('EIP-4361 conformance: verification', () => {
  it('finds the public vectors', () => {
    expect(vectors, vectorsMissingMessage).toBeDefined()
    expect(Object.keys(vectors?.verificationPositive ?? {})).toHaveLength(4)
    expect(Object.keys(vectors?.verificationNegative ?? {})).toHaveLength(10)
  })

  describe('verification_positive.json: verifies (EOA, no RPC)', () => {
    for (const [name, vector] of Object.entries(vectors?.verificationPositive ?? {})) {
      it(name, async () => {
        const result = await verifyVector(vector)
        expect(result).toMatchObject({ address: vector.address, chainId: vector.chainId, accountType: 'eoa' })
      })
    }
  })

  describe('verification_negative.json: fails, for the right reason', () => {
    for (const [name, vector] of Object.entries(vectors?.verificationNegative ?? {})) {
      it(name, async () => {
        const error = await verifyVector(vector).then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(error).toBeInstanceOf(SignetError)
        expect((error as SignetError).code).toBe(expectedNegativeCodes[name])
      })
    }
  })
})
