import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import pino from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from '../auth/sign-in.ts'
import { errorResponse } from '../request/error-response.ts'
import type { RequestLogEnv } from '../request/request-log.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { issueNonce } from '../store/nonce-store.ts'
import { consumeNonceAndCreateSession } from '../store/session-store.ts'
import { pendingSignInRoutes } from './pending-sign-in-routes.ts'

const origin = 'http://localhost:8787'
const domain = 'localhost:8787'
const day = 86_400_000
const pendingNonceTtlMs = 7 * day
// A Safe's address as the message names it; for the sign-in at the end an EOA stands in (no chain).
const safe = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const t0 = 1_800_000_000_000

let db: StoreDatabase
let clock = t0
const context = () => ({ db, domain, origin, chainIds: [31337], pendingNonceTtlMs, now: () => clock })

// Mounted as createApp mounts it, under /api/auth/pending, with the app's error renderer.
function makeApp() {
  const app = new Hono<RequestLogEnv>()
  app.route('/api/auth/pending', pendingSignInRoutes(context()))
  app.onError(errorResponse(pino({ level: 'silent' })))
  return app
}

beforeAll(async () => {
  db = await openDatabase({
    kind: 'sqlite',
    path: join(mkdtempSync(join(tmpdir(), 'signet-pending-http-')), 'signet.sqlite'),
  })
})
afterAll(async () => {
  await db?.destroy()
})

function message(nonce: string, fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    domain,
    address: safe,
    uri: origin,
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: new Date(clock),
    expirationTime: new Date(clock + 7 * day),
    statement: 'Sign in to Signet as this Safe.',
    ...fields,
  })
}

async function post(body: unknown) {
  const response = await makeApp().request('/api/auth/pending', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response }
}

async function expiryOf(nonce: string): Promise<number | undefined> {
  const row = await db.selectFrom('nonces').select('expires_at').where('nonce', '=', nonce).executeTakeFirst()
  return row === undefined ? undefined : Number(row.expires_at)
}

describe('POST /api/auth/pending', () => {
  it('extends a live nonce to the message’s expirationTime; the sign-in works days later', async () => {
    clock = t0
    const { nonce } = await issueNonce(db, clock, 600_000)
    const text = message(nonce, { address: owner.address, expirationTime: new Date(t0 + 3 * day) })
    const { status, body, response } = await post({ message: text })
    expect(status).toBe(200)
    expect(body).toEqual({ nonce, expiresAt: new Date(t0 + 3 * day).toISOString() })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await expiryOf(nonce)).toBe(t0 + 3 * day)

    // Two days later (the usual 10-minute nonce would be long gone) the confirmed signature signs in.
    clock = t0 + 2 * day
    const { session } = await signIn(
      { message: text, signature: await owner.signMessage({ message: text }) },
      { ...context(), clientFor: () => undefined, sessionTtlMs: day },
    )
    expect(session).toMatchObject({ address: owner.address, chainId: 31337, accountType: 'eoa' })
  })

  it('caps the nonce at SIGNET_PENDING_SIGN_IN_TTL from now, also when called again later', async () => {
    clock = t0
    const { nonce } = await issueNonce(db, clock, 600_000)
    const text = message(nonce, { expirationTime: new Date(t0 + 30 * day) })
    expect((await post({ message: text })).body).toEqual({
      nonce,
      expiresAt: new Date(t0 + 7 * day).toISOString(),
    })
    expect(await expiryOf(nonce)).toBe(t0 + 7 * day)

    // The app calls it again when it resumes the sign-in: the cap counts from then.
    clock = t0 + day
    expect((await post({ message: text })).body).toEqual({
      nonce,
      expiresAt: new Date(t0 + 8 * day).toISOString(),
    })
  })

  it('holds a message without expirationTime for the setting’s full length', async () => {
    clock = t0
    const { nonce } = await issueNonce(db, clock, 600_000)
    const text = message(nonce, { expirationTime: undefined })
    expect(text).not.toContain('Expiration Time')
    expect((await post({ message: text })).body).toEqual({
      nonce,
      expiresAt: new Date(t0 + 7 * day).toISOString(),
    })
  })

  it('refuses an unknown, a used and an expired nonce (401 invalid_nonce) without reviving them', async () => {
    clock = t0
    const invalidNonce = {
      error: {
        code: 'invalid_nonce',
        message: 'The nonce was not issued by this server, was already used, or expired.',
      },
    }
    expect(await post({ message: message('neverIssued12345') })).toMatchObject({
      status: 401,
      body: invalidNonce,
    })
    expect(await expiryOf('neverIssued12345')).toBeUndefined()

    const used = await issueNonce(db, clock, 600_000)
    await consumeNonceAndCreateSession(
      db,
      used.nonce,
      { address: safe, chainId: 31337, accountType: 'contract' },
      clock,
      day,
    )
    expect(await post({ message: message(used.nonce) })).toMatchObject({ status: 401, body: invalidNonce })
    expect(await expiryOf(used.nonce)).toBe(t0 + 600_000)

    const expired = await issueNonce(db, clock, 600_000)
    clock = t0 + 600_000
    expect(await post({ message: message(expired.nonce) })).toMatchObject({ status: 401, body: invalidNonce })
    expect(await expiryOf(expired.nonce)).toBe(t0 + 600_000)
  })

  it('refuses messages that break the sign-in rules, and leaves their nonce as it was', async () => {
    clock = t0
    const { nonce } = await issueNonce(db, clock, 600_000)
    const cases: [Partial<Parameters<typeof createSiweMessage>[0]>, string, string][] = [
      [{ domain: 'evil.example' }, 'domain_mismatch', 'The message is for evil.example, not localhost:8787.'],
      [
        { uri: 'https://evil.example/' },
        'uri_mismatch',
        'The message URI https://evil.example/ is not on http://localhost:8787.',
      ],
      [{ chainId: 5 }, 'unsupported_chain', 'Chain 5 is not supported here.'],
      [
        { expirationTime: new Date(t0 - 1_000) },
        'expired',
        `The message expired at ${new Date(t0 - 1_000).toISOString()}.`,
      ],
      [
        { issuedAt: new Date(t0 + 3_600_000) },
        'issued_in_future',
        `The message claims to be issued at ${new Date(t0 + 3_600_000).toISOString()}, in the future.`,
      ],
    ]
    for (const [fields, code, text] of cases) {
      expect(await post({ message: message(nonce, fields) })).toMatchObject({
        status: 401,
        body: { error: { code, message: text } },
      })
    }
    expect(await expiryOf(nonce)).toBe(t0 + 600_000)
  })

  it('answers 400 to a body that is not {message} or a text that is not EIP-4361', async () => {
    clock = t0
    expect(await post('not json')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'The body must be JSON.' } },
    })
    expect(await post({ text: 'x' })).toMatchObject({
      status: 400,
      body: {
        error: { code: 'invalid_request', message: 'The body must be {"message": "<EIP-4361 text>"}.' },
      },
    })
    const { status, body } = await post({ message: 'hello' })
    expect(status).toBe(400)
    expect((body.error as { code: string }).code).toBe('invalid_message')
  })
})
