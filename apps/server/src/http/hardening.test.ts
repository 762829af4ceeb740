import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { Logger } from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { createLogger } from '../config/logger.ts'
import { toPublicConfig } from '../config/public-config.ts'
import { openDatabase } from '../store/database.ts'
import { createApp } from './app.ts'

// HTTP hardening: HSTS and Secure cookies under HTTPS, generic 5xx bodies, and request logs that never
// hold a signature, a message, a cookie or a full nonce.

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')

/** The pino output of the real logger (serve.ts), captured line by line. */
function capturedLogger(): { log: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  let text = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk
      done()
    },
  })
  const log = createLogger({ LOG_LEVEL: 'info' }, stream)
  return {
    log,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  }
}

async function makeApp(origin: string, log: Logger) {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-hardening-'))
  const db = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'db.sqlite') })
  const config = loadConfig({ SIGNET_RPC_1: 'http://127.0.0.1:9', SIGNET_ORIGIN: origin })
  const app = createApp({
    db,
    domain: new URL(origin).host,
    origin,
    chainIds: [1],
    // EOA only: no chain client, so nothing here waits on a network.
    clientFor: () => undefined,
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 600_000,
    publicConfig: toPublicConfig({ ...config, origin }, 'http://gateway.test'),
    safeHosts: ['https://app.safe.global'],
    rateLimit: { enabled: false, noncePerMinute: 1, verifyPerMinute: 1 },
    webDist: '/nonexistent',
    log,
  })
  return { app, db, dataDir }
}

async function signIn(app: Awaited<ReturnType<typeof makeApp>>['app'], origin: string, signer = owner) {
  const { nonce } = (await (await app.request('/api/auth/nonce')).json()) as { nonce: string }
  const message = createSiweMessage({
    domain: new URL(origin).host,
    address: owner.address,
    uri: origin,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date(),
  })
  const signature = await signer.signMessage({ message })
  const response = await app.request('/api/auth/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ message, signature }),
  })
  return { response, nonce, message, signature }
}

describe('under an https origin', () => {
  const origin = 'https://signet.example'
  let setup: Awaited<ReturnType<typeof makeApp>>
  beforeAll(async () => {
    setup = await makeApp(origin, capturedLogger().log)
  })
  afterAll(async () => {
    await setup?.db.destroy()
  })

  it('sends HSTS on every answer, API and errors alike', async () => {
    for (const path of ['/api/health', '/api/auth/session', '/api/nope', '/']) {
      const response = await setup.app.request(path)
      expect(response.headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      )
    }
  })

  it('sets the session cookie Secure, HttpOnly, SameSite=Lax, and clears it Secure on logout', async () => {
    const { response } = await signIn(setup.app, origin)
    expect(response.status).toBe(200)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(
      /^signet_session=[A-Za-z0-9_-]{43}; Max-Age=(?:86400|86399); Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    const logout = await setup.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: cookie.split(';')[0] ?? '', origin },
    })
    expect(logout.status).toBe(204)
    expect(logout.headers.get('set-cookie')).toBe(
      'signet_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    )
  })
})

describe('behind a TLS-terminating proxy (https origin, plain http to Signet)', () => {
  it('still sets Secure and HSTS: they follow SIGNET_ORIGIN, never the request scheme', async () => {
    const origin = 'https://signet.example'
    const { app, db } = await makeApp(origin, capturedLogger().log)
    const { nonce } = (await (await app.request('http://10.0.0.5:8787/api/auth/nonce')).json()) as {
      nonce: string
    }
    const message = createSiweMessage({
      domain: 'signet.example',
      address: owner.address,
      uri: origin,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date(),
    })
    const response = await app.request('http://10.0.0.5:8787/api/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-proto': 'http' },
      body: JSON.stringify({ message, signature: await owner.signMessage({ message }) }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(/; HttpOnly; Secure; SameSite=Lax$/)
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    await db.destroy()
  })
})

describe('under an http origin', () => {
  it('sends no HSTS and no Secure flag (a browser would drop a Secure cookie over http)', async () => {
    const origin = 'http://localhost:8787'
    const { app, db } = await makeApp(origin, capturedLogger().log)
    expect((await app.request('/api/health')).headers.get('strict-transport-security')).toBeNull()
    const { response } = await signIn(app, origin)
    expect(response.headers.get('set-cookie')).not.toContain('Secure')
    await db.destroy()
  })
})

describe('when the database is gone', () => {
  const origin = 'https://signet.example'
  const logs = capturedLogger()
  let setup: Awaited<ReturnType<typeof makeApp>>
  let cookie: string
  beforeAll(async () => {
    setup = await makeApp(origin, logs.log)
    const { response } = await signIn(setup.app, origin)
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    await setup.db.destroy()
  })

  const internalError = { error: { code: 'internal_error', message: 'Something went wrong on the server.' } }

  it.each([
    ['GET /api/auth/nonce', () => setup.app.request('/api/auth/nonce')],
    ['GET /api/auth/session', () => setup.app.request('/api/auth/session', { headers: { cookie } })],
    [
      'POST /api/auth/logout',
      () => setup.app.request('/api/auth/logout', { method: 'POST', headers: { cookie, origin } }),
    ],
  ])(
    'answers %s with a bare 500 internal_error: no stack, no driver text, no path',
    async (_name, request) => {
      const response = await request()
      expect(response.status).toBe(500)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual(internalError)
      expect(text).not.toMatch(/\bat \S+:\d+|Error:|driver|destroyed|sqlite|kysely|\/tmp|signet-hardening/i)
      // The security headers are still there.
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    },
  )

  it('answers a sign-in with 500 internal_error, not a verdict on the signature', async () => {
    const response = await setup.app.request('/api/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        message: createSiweMessage({
          domain: 'signet.example',
          address: owner.address,
          uri: origin,
          version: '1',
          chainId: 1,
          nonce: 'abcdefgh12345678',
          issuedAt: new Date(),
        }),
        signature: '0x',
      }),
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual(internalError)
  })

  it('answers health with 503 database_unavailable', async () => {
    const response = await setup.app.request('/api/health')
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      error: { code: 'database_unavailable', message: 'The database does not answer.' },
    })
  })

  it('keeps the cause in the server log only', () => {
    const unexpected = logs.lines().filter((line) => line.msg === 'unexpected error')
    expect(unexpected.length).toBeGreaterThanOrEqual(3)
    expect(JSON.stringify(unexpected[0]?.err)).toMatch(/destroyed/)
    expect(logs.lines().filter((line) => line.msg === 'request' && line.status === 500)).not.toHaveLength(0)
  })
})

describe('request logs', () => {
  const origin = 'https://signet.example'
  const logs = capturedLogger()
  let setup: Awaited<ReturnType<typeof makeApp>>
  beforeAll(async () => {
    setup = await makeApp(origin, logs.log)
  })
  afterAll(async () => {
    await setup?.db.destroy()
  })

  it('log each request (method, path, status, duration, error code) and never a secret in full', async () => {
    const good = await signIn(setup.app, origin)
    const cookie = (good.response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const bad = await signIn(setup.app, origin, stranger)
    await setup.app.request('/api/auth/session', { headers: { cookie } })
    await setup.app.request('/api/auth/verify?signature=0xdeadbeef', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie },
      body: JSON.stringify({ message: good.message, signature: good.signature }),
    })
    await setup.app.request('/api/auth/logout', { method: 'POST', headers: { cookie, origin } })

    const requests = logs.lines().filter((line) => line.msg === 'request')
    const shape = requests.map(({ method, path, status, code }) => ({ method, path, status, code }))
    expect(shape).toEqual([
      { method: 'GET', path: '/api/auth/nonce', status: 200, code: undefined },
      { method: 'POST', path: '/api/auth/verify', status: 200, code: undefined },
      { method: 'GET', path: '/api/auth/nonce', status: 200, code: undefined },
      { method: 'POST', path: '/api/auth/verify', status: 401, code: 'invalid_signature' },
      { method: 'GET', path: '/api/auth/session', status: 200, code: undefined },
      { method: 'POST', path: '/api/auth/verify', status: 403, code: 'forbidden_origin' },
      { method: 'POST', path: '/api/auth/logout', status: 204, code: undefined },
    ])
    for (const line of requests) {
      expect(typeof line.ms).toBe('number')
      expect(line.level).toBe(30)
    }
    // A nonce shows its first 4 characters; an address is shortened like a wallet shows it.
    expect(requests[0]?.noncePrefix).toBe(`${good.nonce.slice(0, 4)}…`)
    expect(requests[1]?.address).toBe(`${owner.address.slice(0, 6)}…${owner.address.slice(-4)}`)

    const text = logs.text()
    const token = cookie.split('=')[1] ?? ''
    for (const secret of [
      good.nonce,
      bad.nonce,
      good.signature.slice(2, 34),
      bad.signature.slice(2, 34),
      token,
      owner.address,
    ]) {
      expect(secret.length).toBeGreaterThanOrEqual(24)
      expect(text).not.toContain(secret)
    }
    expect(text).not.toContain('wants you to sign in')
    expect(text).not.toContain('deadbeef')
  })
})
