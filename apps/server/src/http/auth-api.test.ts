import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClient } from '../chain/chain-client.ts'
import { loadConfig } from '../config/config.ts'
import { toPublicConfig } from '../config/public-config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { createApp } from './app.ts'

const origin = 'http://localhost:8787'
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
// Nothing listens on port 9 (discard): every contract check fails to reach the chain.
const deadRpc = 'http://127.0.0.1:9'

let db: StoreDatabase
let app: ReturnType<typeof createApp>
const now = Date.now()

function makeApp(overrides: { rateLimit?: boolean } = {}) {
  const config = loadConfig({ SIGNET_RPC_31337: deadRpc, SIGNET_ORIGIN: origin })
  return createApp({
    db,
    domain: 'localhost:8787',
    origin,
    chainIds: [31337],
    clientFor: (chainId) =>
      chainId === 31337 ? createChainClient({ chainId, rpcUrls: [deadRpc] }) : undefined,
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 600_000,
    now: () => now,
    publicConfig: toPublicConfig({ ...config, origin }, 'http://gateway.test'),
    safeHosts: ['https://app.safe.global'],
    rateLimit: { enabled: overrides.rateLimit ?? false, noncePerMinute: 3, verifyPerMinute: 2 },
    webDist: '/nonexistent',
    log: pino({ level: 'silent' }),
  })
}

beforeAll(async () => {
  db = await openDatabase({
    kind: 'sqlite',
    path: join(mkdtempSync(join(tmpdir(), 'signet-api-')), 'db.sqlite'),
  })
  app = makeApp()
})
afterAll(async () => {
  await db?.destroy()
})

async function getNonce(): Promise<string> {
  const response = await app.request('/api/auth/nonce')
  expect(response.status).toBe(200)
  const body = (await response.json()) as { nonce: string; expiresAt: string }
  return body.nonce
}

type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>

async function signedMessage(fields: MessageFields = {}, signer = owner) {
  const message = createSiweMessage({
    domain: 'localhost:8787',
    address: signer.address,
    uri: `${origin}/`,
    version: '1',
    chainId: 31337,
    nonce: fields.nonce ?? (await getNonce()),
    issuedAt: new Date(now),
    statement: 'Sign in to Signet.',
    ...fields,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

/** A signed message whose `Version:` line says `version` (viem only writes version 1). */
async function signedWithVersion(version: string) {
  const message = (await signedMessage()).message.replace('\nVersion: 1\n', `\nVersion: ${version}\n`)
  expect(message).toContain(`\nVersion: ${version}\n`)
  return { message, signature: await owner.signMessage({ message }) }
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: { code: string } }).error }
}

describe('GET /api/health and /api/auth/nonce', () => {
  it('answers health with the database checked', async () => {
    const response = await app.request('/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('issues ≥16 alphanumeric random nonces that expire in 10 minutes', async () => {
    const response = await app.request('/api/auth/nonce')
    const body = (await response.json()) as { nonce: string; expiresAt: string }
    expect(body.nonce).toMatch(/^[A-Za-z0-9]{16,}$/)
    expect(Date.parse(body.expiresAt)).toBe(now + 600_000)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await getNonce()).not.toBe(body.nonce)
  })
})

describe('POST /api/auth/verify', () => {
  it('signs in an EOA, sets an HttpOnly Lax cookie, and the session answers until logout', async () => {
    const response = await post('/api/auth/verify', await signedMessage())
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      address: owner.address,
      chainId: 31337,
      accountType: 'eoa',
      issuedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 86_400_000).toISOString(),
    })
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(
      /^signet_session=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    const token = cookie.split(';')[0] ?? ''

    const session = await app.request('/api/auth/session', { headers: { cookie: token } })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { address: string }).address).toBe(owner.address)

    const logout = await post('/api/auth/logout', '', { cookie: token })
    expect(logout.status).toBe(204)
    expect(logout.headers.get('set-cookie')).toMatch(/^signet_session=; Max-Age=0; Path=\//)
    const after = await app.request('/api/auth/session', { headers: { cookie: token } })
    expect(await errorOf(after)).toMatchObject({ status: 401, code: 'no_session' })
  })

  it('accepts an EIP-2098 compact signature', async () => {
    const { message, signature } = await signedMessage()
    const { serializeCompactSignature, parseSignature, signatureToCompactSignature } = await import('viem')
    const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)))
    expect(compact).toHaveLength(130)
    const response = await post('/api/auth/verify', { message, signature: compact })
    expect(response.status).toBe(200)
  })

  it('caps the session at the message expirationTime', async () => {
    const response = await post(
      '/api/auth/verify',
      await signedMessage({ expirationTime: new Date(now + 3_600_000) }),
    )
    expect(((await response.json()) as { expiresAt: string }).expiresAt).toBe(
      new Date(now + 3_600_000).toISOString(),
    )
    expect(response.headers.get('set-cookie')).toContain('Max-Age=3600;')
  })

  it('consumes a nonce once: the replay of a signed message is refused', async () => {
    const signed = await signedMessage()
    expect((await post('/api/auth/verify', signed)).status).toBe(200)
    expect(await errorOf(await post('/api/auth/verify', signed))).toMatchObject({
      status: 401,
      code: 'invalid_nonce',
    })
  })

  it('gives exactly one session among 40 concurrent submissions of one signed message', async () => {
    const signed = await signedMessage()
    const responses = await Promise.all(Array.from({ length: 40 }, () => post('/api/auth/verify', signed)))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 401)).toHaveLength(39)
  })

  it.each<[string, () => Promise<unknown>, number, string]>([
    ['a body that is not JSON', async () => '{"message":', 400, 'invalid_request'],
    ['a body without a signature', async () => ({ message: 'x' }), 400, 'invalid_request'],
    [
      'a signature that is not hex',
      async () => ({ ...(await signedMessage()), signature: 'zz' }),
      400,
      'invalid_request',
    ],
    [
      'a message that is not EIP-4361',
      async () => ({ message: 'hello', signature: '0x00' }),
      400,
      'invalid_message',
    ],
    [
      'a CRLF message',
      async () => {
        const signed = await signedMessage()
        return { ...signed, message: signed.message.replaceAll('\n', '\r\n') }
      },
      400,
      'invalid_message',
    ],
    ['a version that is not a number', async () => signedWithVersion('1.1'), 400, 'invalid_message'],
    // Well-formed, so a sign-in that fails (401) with its own code, not a malformed message.
    ['version 2', async () => signedWithVersion('2'), 401, 'unsupported_version'],
    ['another domain', async () => signedMessage({ domain: 'evil.example' }), 401, 'domain_mismatch'],
    [
      'a uri on another origin',
      async () => signedMessage({ uri: 'https://evil.example/' }),
      401,
      'uri_mismatch',
    ],
    [
      'a chain the server does not serve',
      async () => signedMessage({ chainId: 5 }),
      401,
      'unsupported_chain',
    ],
    ['a nonce never issued', async () => signedMessage({ nonce: 'neverIssuedByUs1' }), 401, 'invalid_nonce'],
    [
      'an expired message',
      async () => signedMessage({ expirationTime: new Date(now - 1_000) }),
      401,
      'expired',
    ],
    [
      'a message not yet valid',
      async () => signedMessage({ notBefore: new Date(now + 600_000) }),
      401,
      'not_yet_valid',
    ],
    [
      'a message issued in the future',
      async () => signedMessage({ issuedAt: new Date(now + 600_000) }),
      401,
      'issued_in_future',
    ],
    [
      'a signature of another key over the same text',
      async () => {
        const signed = await signedMessage()
        // Chain 31337 is served but its RPC is down, so use a chain-less path: sign with the stranger and
        // claim chain 31337 — the EOA check fails and the contract check cannot reach the chain → 503.
        return { message: signed.message, signature: await stranger.signMessage({ message: signed.message }) }
      },
      503,
      'rpc_unavailable',
    ],
    [
      'a truncated signature',
      async () => {
        const signed = await signedMessage()
        return { ...signed, signature: signed.signature.slice(0, 100) }
      },
      503,
      'rpc_unavailable',
    ],
  ])('refuses %s', async (_name, body, status, code) => {
    const response = await post('/api/auth/verify', await body())
    expect(await errorOf(response)).toMatchObject({ status, code })
  })

  it('refuses a 2 MB body with 413 and stays healthy', async () => {
    const response = await post('/api/auth/verify', { message: 'a'.repeat(2 * 1024 * 1024), signature: '0x' })
    expect(await errorOf(response)).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect((await app.request('/api/health')).status).toBe(200)
  })

  it('refuses a cross-site POST by its Origin header', async () => {
    const response = await post('/api/auth/verify', await signedMessage(), { origin: 'https://evil.example' })
    expect(await errorOf(response)).toMatchObject({ status: 403, code: 'forbidden_origin' })
  })

  it('rate-limits nonce requests per client with 429 and Retry-After', async () => {
    const limited = makeApp({ rateLimit: true })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await limited.request('/api/auth/nonce')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await limited.request('/api/auth/nonce')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'rate_limited' })
  })
})

describe('security headers', () => {
  it('sends the content security policy built from the configuration, framing only by itself and the Safe hosts', async () => {
    const response = await app.request('/api/health')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self';")
    // The default chains' public RPCs, the configured one, then the gateway.
    expect(policy).toMatch(
      /; connect-src 'self' https:\/\/eth\.merkle\.io [^;]* http:\/\/127\.0\.0\.1:9 http:\/\/gateway\.test[ ;]/,
    )
    expect(policy).toContain("frame-ancestors 'self' https://app.safe.global;")
    expect(policy).toContain('report-uri /api/csp-report')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('answers unknown API routes with a JSON 404', async () => {
    expect(await errorOf(await app.request('/api/nope'))).toMatchObject({ status: 404, code: 'not_found' })
  })
})
