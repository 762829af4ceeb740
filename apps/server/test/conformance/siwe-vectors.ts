import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The public EIP-4361 vectors (spruceid/siwe `test/`), copied into `./vectors` with their source and licence. */
export const vectorsDir = resolve(dirname(fileURLToPath(import.meta.url)), 'vectors')

export const vectorsMissingMessage = `EIP-4361 conformance vectors not found at ${vectorsDir} (apps/server/test/conformance/vectors in the repository); without them the conformance suite cannot run.`

export type VerificationVector = Record<string, unknown> & {
  signature: string
  time?: string
  domainBinding?: string
  matchNonce?: string
}

export type SiweVectors = {
  parsingPositive: Record<string, { message: string; fields: Record<string, unknown> }>
  parsingNegative: Record<string, string>
  parsingNegativeObjects: Record<string, Record<string, unknown>>
  verificationPositive: Record<string, VerificationVector>
  verificationNegative: Record<string, VerificationVector>
}

/**
 * Loads the vectors, or `undefined` when the folder is missing (the suites then fail with
 * {@link vectorsMissingMessage}). eip1271.json is deliberately not loaded: its two contract-wallet
 * signatures are checked against accounts on Ethereum mainnet, which needs a mainnet RPC that tests here
 * do not have. The Safe tests on a local chain cover ERC-1271 instead.
 */
export function loadSiweVectors(): SiweVectors | undefined {
  if (!existsSync(vectorsDir)) return undefined
  const read = (name: string) => JSON.parse(readFileSync(join(vectorsDir, name), 'utf8'))
  return {
    parsingPositive: read('parsing_positive.json'),
    parsingNegative: read('parsing_negative.json'),
    parsingNegativeObjects: read('parsing_negative_objects.json'),
    verificationPositive: read('verification_positive.json'),
    verificationNegative: read('verification_negative.json'),
  }
}

/** A verification vector split into message fields and the verifier's inputs. */
export function splitVerificationVector(vector: VerificationVector) {
  const { signature, time, domainBinding, matchNonce, ...fields } = vector
  return { fields, signature, time, domain: domainBinding, nonce: matchNonce }
}

/** The expected fields with JSON nulls (the suite writes `"scheme": null`) dropped. */
export function withoutNulls(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null))
}

/** Why each verification_negative.json vector must fail, as our error code. */
export const expectedNegativeCodes: Record<string, string> = {
  'expired message': 'expired',
  'domain binding': 'domain_mismatch',
  'custom time': 'expired',
  'custom nonce': 'invalid_nonce',
  'malformed signature': 'invalid_signature',
  'wrong signature': 'invalid_signature',
  'not yet valid': 'not_yet_valid',
  'invalid issuedAt': 'invalid_message',
  'invalid notBefore': 'invalid_message',
  'invalid expirationTime': 'invalid_message',
}
