import { afterAll, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { assembleSiweText } from '../../src/siwe/format.ts'
import { messageFile, removeMessageFiles, runCli } from '../run-cli.ts'
import {
  expectedNegativeCodes,
  loadSiweVectors,
  splitVerificationVector,
  type VerificationVector,
  vectorsMissingMessage,
  withoutNulls,
} from './siwe-vectors.ts'

/**
 * The public EIP-4361 vectors through `signet parse` / `signet verify`. Every vector runs through the
 * CLI's `main(argv)` in this process (argument parsing, file reading, JSON output, exit code); a
 * representative set also runs as a real `node apps/server/bin/signet.mjs` process — spawning all ~60
 * costs minutes of CPU on a shared machine. parsing_negative_objects.json holds field objects, not texts,
 * so it has no CLI form (its test is in parsing.test.ts).
 */
const vectors = loadSiweVectors()

afterAll(() => removeMessageFiles())

/** Runs the CLI entry in-process, capturing what it prints. */
async function cli(args: string[]): Promise<{ code: number; stdout: unknown }> {
  let out = ''
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk)
    return true
  })
  try {
    const code = await main(args)
    return { code, stdout: out === '' ? '' : JSON.parse(out) }
  } finally {
    write.mockRestore()
  }
}

/** The verify arguments of a verification vector; its message is written even when it breaks the grammar. */
function verifyArgs(vector: VerificationVector): string[] {
  const { fields, signature, time, domain, nonce } = splitVerificationVector(vector)
  const args = ['verify', '--message', messageFile(assembleSiweText(fields)), '--signature', signature]
  if (time !== undefined) args.push('--time', time)
  if (domain !== undefined) args.push('--domain', domain)
  if (nonce !== undefined) args.push('--nonce', nonce)
  return args
}

const spawned = {
  parsingPositive: ['domain contains optional scheme', 'timezone not utc', 'no statement'],
  parsingNegative: ['address not EIP-55', 'non-ISO 8601 issuedAt', 'out of order nonce'],
  verificationPositive: ['recovery byte starting at 0', 'not yet valid'],
  verificationNegative: ['malformed signature', 'domain binding', 'custom nonce', 'invalid issuedAt'],
}

describe('EIP-4361 conformance through the CLI', () => {
  it('finds the public vectors', () => {
    expect(vectors, vectorsMissingMessage).toBeDefined()
  })

  describe('signet parse: parsing_positive.json exits 0 with the fields', () => {
    for (const [name, { message, fields }] of Object.entries(vectors?.parsingPositive ?? {})) {
      it(name, async () => {
        expect(await cli(['parse', '--message', messageFile(message)])).toStrictEqual({
          code: 0,
          stdout: withoutNulls(fields),
        })
      })
    }
  })

  describe('signet parse: parsing_negative.json exits 1 with invalid_message', () => {
    for (const [name, message] of Object.entries(vectors?.parsingNegative ?? {})) {
      it(name, async () => {
        const { code, stdout } = await cli(['parse', '--message', messageFile(message)])
        expect(code).toBe(1)
        expect(stdout).toMatchObject({ error: { code: 'invalid_message' } })
      })
    }
  })

  describe('signet verify: verification_positive.json exits 0', () => {
    for (const [name, vector] of Object.entries(vectors?.verificationPositive ?? {})) {
      it(name, async () => {
        expect(await cli(verifyArgs(vector))).toStrictEqual({
          code: 0,
          stdout: { valid: true, address: vector.address, chainId: vector.chainId, accountType: 'eoa' },
        })
      })
    }
  })

  describe('signet verify: verification_negative.json exits 1', () => {
    for (const [name, vector] of Object.entries(vectors?.verificationNegative ?? {})) {
      it(name, async () => {
        const { code, stdout } = await cli(verifyArgs(vector))
        expect(code).toBe(1)
        expect(stdout).toMatchObject({ valid: false, error: { code: expectedNegativeCodes[name] } })
      })
    }
  })

  describe('as a spawned process (node apps/server/bin/signet.mjs)', { timeout: 120_000 }, () => {
    it.concurrent('parses and rejects representative messages', async () => {
      const positive = spawned.parsingPositive.map((name) => vectors?.parsingPositive[name])
      const negative = spawned.parsingNegative.map((name) => vectors?.parsingNegative[name])
      const results = await Promise.all([
        ...positive.map((v) => runCli(['parse', '--message', messageFile(v?.message ?? '')])),
        ...negative.map((message) => runCli(['parse', '--message', '-'], { stdin: message ?? '' })),
      ])
      expect(results.map((r) => r.code)).toStrictEqual([0, 0, 0, 1, 1, 1])
      for (const [i, v] of positive.entries()) {
        expect(JSON.parse(results[i]?.stdout ?? '')).toStrictEqual(withoutNulls(v?.fields ?? {}))
      }
      expect(results.slice(3).map((r) => JSON.parse(r.stdout).error.message)).toStrictEqual([
        'line 2: the address is not EIP-55 checksummed',
        'line 10: "Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)" is not an RFC 3339 date-time that exists on the calendar',
        'line 9: expected "Nonce: " here',
      ])
    })

    it.concurrent('verifies and rejects representative signed messages', async () => {
      const positive = spawned.verificationPositive.map((name) => vectors?.verificationPositive[name])
      const negative = spawned.verificationNegative.map((name) => vectors?.verificationNegative[name])
      const results = await Promise.all(
        [...positive, ...negative].map((vector) => runCli(verifyArgs(vector as VerificationVector))),
      )
      expect(results.map((r) => r.code)).toStrictEqual([0, 0, 1, 1, 1, 1])
      expect(results.map((r) => JSON.parse(r.stdout).error?.code)).toStrictEqual([
        undefined,
        undefined,
        'invalid_signature',
        'domain_mismatch',
        'invalid_nonce',
        'invalid_message',
      ])
    })
  })
})
