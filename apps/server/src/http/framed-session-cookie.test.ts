import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import pino from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorResponse } from '../request/error-response.ts'
import type { RequestLogEnv } from '../request/request-log.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { authRoutes } from './auth-routes.ts'
import { framedSessionCookie, framedSessionHeader, partitioned } from './framed-session-cookie.ts'

const origin = 'http://localhost:8787'
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const framed = { [framedSessionHeader]: 'cross-site' }

let db: StoreDatabase
let app: Hono<RequestLogEnv>

beforeAll(async () => {
  db = await openDatabase({
    kind: 'sqlite',
    path: join(mkdtempSync(join(tmpdir(), 'signet-framed-')), 'db.sqlite'),
  })
  app = new Hono<RequestLogEnv>()
  app.use('/api/auth/*', framedSessionCookie())
  app.onError(errorResponse(pino({ level: 'silent' })))
  app.route(
    '/api/auth',
    authRoutes({
      db,
      domain: 'localhost:8787',
      origin,
      chainIds: [31337],
      clientFor: () => undefined,
      sessionTtlMs: 3_600_000,
      nonceTtlMs: 600_000,
      secure: false,
      clientKey: () => 'test',
    }),
  )
})
afterAll(async () => {
  await db?.destroy()
})

async function signIn(headers: Record<string, string>) {
  const { nonce } = (await (await app.request('/api/auth/nonce')).json()) as { nonce: string }
  const message = createSiweMessage({
    domain: 'localhost:8787',
    address: account.address,
    uri: `${origin}/`,
    version: '1',
    chainId: 31337,
    nonce,
  })
  return app.request('/api/auth/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
}

describe('session cookie inside a cross-site frame', () => {
  it('keeps the standalone cookie HttpOnly and SameSite=Lax', async () => {
    const response = await signIn({})
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(
      /^signet_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    )
  })

  it('issues a partitioned SameSite=None Secure cookie to a framed sign-in, which the session accepts', async () => {
    const response = await signIn(framed)
    expect(response.status).toBe(200)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(
      /^signet_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
    )
    const token = cookie.split(';')[0] ?? ''
    const session = await app.request('/api/auth/session', { headers: { cookie: token, ...framed } })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { address: string }).address).toBe(account.address)

    const logout = await app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: token, ...framed },
    })
    expect(logout.status).toBe(204)
    expect(logout.headers.get('set-cookie')).toMatch(
      /^signet_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
    )
    const after = await app.request('/api/auth/session', { headers: { cookie: token, ...framed } })
    expect(after.status).toBe(401)
  })

  it('ignores other header values', async () => {
    const response = await signIn({ [framedSessionHeader]: 'yes' })
    expect(response.headers.get('set-cookie')).toMatch(/; SameSite=Lax$/)
  })

  it('rewrites only SameSite, Secure and Partitioned attributes', () => {
    expect(partitioned('a=b; Max-Age=10; Path=/; HttpOnly; Secure; SameSite=Strict')).toBe(
      'a=b; Max-Age=10; Path=/; HttpOnly; Secure; SameSite=None; Partitioned',
    )
  })
})
