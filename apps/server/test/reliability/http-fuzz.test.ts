import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import fc from 'fast-check'
import pino from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClient } from '../../src/chain/chain-client.ts'
import { loadConfig } from '../../src/config/config.ts'
import { toPublicConfig } from '../../src/config/public-config.ts'
import { createApp } from '../../src/http/app.ts'
import { openDatabase, type StoreDatabase } from '../../src/store/database.ts'
import { signInMessage } from '../sign-in-client.ts'
import { badSignatures, controls, mutationsOf } from './hostile-input.ts'
import { testOrigin } from './signet-process.ts'

// Property-based fuzzing of the HTTP API through `app.request` (no network): hostile bodies, headers,
// methods and paths. Every answer must be a 4xx with `{"error":{"code","message"}}`, within a deadline.
// Chain 31337 is a real anvil, so a bad signature that gets past the EOA check is asked on-chain
// (ERC-1271, ERC-6492) and must still come back 401, not 5xx.

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const requestDeadlineMs = 10_000

let anvil: Anvil
let db: StoreDatabase
let app: ReturnType<typeof createApp>
let message: string
let signature: string

beforeAll(async () => {
  anvil = await startAnvil()
  db = await openDatabase({
    kind: 'sqlite',
    path: join(mkdtempSync(join(tmpdir(), 'signet-fuzz-')), 'db.sqlite'),
  })
  const config = loadConfig({ SIGNET_RPC_31337: anvil.rpcUrl, SIGNET_ORIGIN: testOrigin })
  const client = createChainClient({ chainId: 31337, rpcUrls: [anvil.rpcUrl] })
  app = createApp({
    db,
    domain: new URL(testOrigin).host,
    origin: testOrigin,
    chainIds: [31337],
    clientFor: (chainId) => (chainId === 31337 ? client : undefined),
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 3_600_000,
    publicConfig: toPublicConfig({ ...config, origin: testOrigin }, 'http://gateway.test'),
    safeHosts: ['https://app.safe.global'],
    rateLimit: { enabled: false, noncePerMinute: 1, verifyPerMinute: 1 },
    webDist: '/nonexistent',
    log: pino({ level: 'silent' }),
  })
  // One live nonce for the whole run: no fuzzed request can sign in, so none consumes it, and every
  // mutated message gets as far as its mutation allows (signature checks included).
  const { nonce } = (await (await app.request('/api/auth/nonce')).json()) as { nonce: string }
  message = signInMessage(owner.address, nonce)
  signature = await owner.signMessage({ message })
})

afterAll(async () => {
  await db?.destroy()
  await anvil?.stop()
})

type FuzzRequest = { path: string; init: RequestInit }

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
})

// Header sets: most requests look like our own page's (JSON, our Origin or none) so that the body gets
// fuzzed deep; the rest carry hostile content types, origins and cookies.
const headers: fc.Arbitrary<Record<string, string>> = fc
  .record({
    'content-type': fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      fc.constantFrom(
        'text/plain',
        'application/json; charset=utf-16le',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      ),
      printable,
    ),
    origin: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(undefined, testOrigin) },
      fc.constantFrom(
        'null',
        'http://localhost:8788',
        'https://localhost:8787',
        'http://localhost:8787.evil.example',
        'HTTP://LOCALHOST:8787',
      ),
      printable,
    ),
    cookie: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      printable.map((value) => `signet_session=${value}`),
      printable,
    ),
  })
  .map(
    (record) =>
      Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Record<
        string,
        string
      >,
  )

/** Bodies for POST /api/auth/verify, built around one validly signed `message`. */
function hostileBodies(message: string, signature: string): fc.Arbitrary<string | Uint8Array> {
  return fc.oneof(
    // A hostile mutation of the signed message, with its signature or a bad one.
    {
      weight: 8,
      arbitrary: fc
        .tuple(mutationsOf(message), fc.oneof(fc.constant(signature), badSignatures(signature)))
        .map(([text, sig]) => JSON.stringify({ message: text, signature: sig })),
    },
    // The signed message itself with a bad signature (each costs an EOA recovery and an eth_call).
    {
      weight: 2,
      arbitrary: badSignatures(signature).map((sig) => JSON.stringify({ message, signature: sig })),
    },
    // Wrong types and shapes.
    {
      weight: 2,
      arbitrary: fc
        .record({ message: fc.jsonValue(), signature: fc.jsonValue() }, { requiredKeys: [] })
        .map((body) => JSON.stringify(body)),
    },
    fc.jsonValue().map((body) => JSON.stringify(body)),
    fc.jsonValue().map((value) => JSON.stringify({ message, signature: value })),
    // Not JSON at all: truncated, binary, control characters, other encodings.
    fc.nat().map((at) => JSON.stringify({ message, signature }).slice(0, at % 400)),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.uint8Array({ maxLength: 300 }),
    fc.constantFrom(...controls).map((char) => `{"message":"${char}","signature":"0x"}`),
    fc.constant(new Uint8Array(Buffer.from(JSON.stringify({ message, signature }), 'utf16le'))),
    // Huge fields around the 16 KiB field cap and the 64 KiB body limit.
    fc
      .integer({ min: 16_000, max: 70_000 })
      .map((length) => JSON.stringify({ message: `${message}${'a'.repeat(length)}`, signature })),
    fc
      .integer({ min: 19_000, max: 70_000 })
      .map((length) => JSON.stringify({ message, signature: `0x${'a'.repeat(length)}` })),
    // Parser tricks: duplicate keys, prototype keys, deep nesting.
    fc.constantFrom(
      `{"message":"x","message":${JSON.stringify(message)},"signature":"0x"}`,
      `{"__proto__":{"message":${JSON.stringify(message)}},"signature":"0x"}`,
      `{"constructor":{"prototype":{"message":"x"}},"message":1,"signature":"0x"}`,
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      `{"message":${JSON.stringify(message)},"signature":"0x","extra":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
    ),
  )
}

const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')

function hostileRequests(message: string, signature: string): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    {
      weight: 14,
      arbitrary: fc.tuple(hostileBodies(message, signature), headers).map(([body, header]) => ({
        path: '/api/auth/verify',
        init: { method: 'POST', headers: header, body },
      })),
    },
    fc.tuple(printable).map(([cookie]) => ({
      path: '/api/auth/session',
      init: { headers: { cookie: `signet_session=${cookie}` } },
    })),
    fc.tuple(methods, fc.webPath(), printable).map(([method, path, query]) => ({
      path: `/api/${path.replace(/^\/+/, '')}?${encodeURIComponent(query)}`,
      init: { method },
    })),
    fc
      .tuple(
        fc.constantFrom('PUT', 'DELETE', 'PATCH'),
        fc.constantFrom('/api/auth/nonce', '/api/auth/verify', '/api/auth/session', '/api/health'),
      )
      .map(([method, path]) => ({ path, init: { method } })),
  )
}

function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${requestDeadlineMs} ms: ${what}`)),
      requestDeadlineMs,
    )
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

describe('the HTTP API under fuzzing', () => {
  it('answers 10 000 hostile requests each with a 4xx and a JSON error code, without hanging', async () => {
    const answers = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(hostileRequests(message, signature), async ({ path, init }) => {
        const response = await withDeadline(
          Promise.resolve(app.request(path, init)),
          `${init.method ?? 'GET'} ${path}`,
        )
        const text = await response.text()
        expect(response.status, text).toBeGreaterThanOrEqual(400)
        expect(response.status, text).toBeLessThan(500)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        const body = JSON.parse(text) as { error: { code: unknown; message: unknown } }
        expect(Object.keys(body)).toEqual(['error'])
        expect(Object.keys(body.error).sort()).toEqual(['code', 'message'])
        expect(body.error.code).toMatch(/^[a-z_]+$/)
        expect(typeof body.error.message === 'string' && body.error.message.length > 0).toBe(true)
        expect(text).not.toMatch(/\bat .+:\d+:\d+/) // no stack frame
        const key = `${response.status} ${body.error.code}`
        answers.set(key, (answers.get(key) ?? 0) + 1)
      }),
      { numRuns: 10_000 },
    )
    const total = [...answers.values()].reduce((sum, n) => sum + n, 0)
    console.log(
      `HTTP API fuzz: ${total} requests → ${JSON.stringify(Object.fromEntries([...answers].sort()))}`,
    )
    expect(total).toBe(10_000)
    // The fuzzing reached every layer: body parsing, the EIP-4361 parser, the rules and the signature check.
    for (const code of [
      'invalid_request',
      'invalid_message',
      'invalid_signature',
      'payload_too_large',
      'forbidden_origin',
      'not_found',
      'no_session',
    ]) {
      expect(
        [...answers.keys()].some((key) => key.endsWith(` ${code}`)),
        code,
      ).toBe(true)
    }

    // And the server still works: the nonce is live and the untouched signed message signs in.
    const response = await app.request('/api/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    })
    expect(response.status).toBe(200)
  }, 120_000)
})
