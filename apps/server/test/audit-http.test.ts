import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import { concatOwnerSignatures, signSafeMessage } from '@signet/devchain/safe-signatures'
import pino from 'pino'
import { type Address, type Hex, hashMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEvent } from '../src/audit/audit-event.ts'
import { readAuditEvents } from '../src/audit/audit-store.ts'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import { sessionId } from '../src/store/session-store.ts'
import { freshSignInMessage } from './sign-in-client.ts'

// The audit trail of a running `signet serve` (in this process, SQLite, a real anvil with a 2-of-2 Safe):
// what each sign-in site records, with the request id and the client address, and what it never records.

let anvil: Anvil
let signet: RunningSignet
let safe: Address
const logLines: string[] = []
const owners = [generatePrivateKey(), generatePrivateKey()] as const

beforeAll(async () => {
  anvil = await startAnvil()
  const deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  safe = await createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment,
    owners: owners.map((key) => privateKeyToAccount(key).address),
    threshold: 2,
  })
  const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) })
  signet = await startSignet({
    env: {
      PORT: '0',
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'signet-audit-http-')), 'signet.sqlite'),
      SIGNET_RPC_31337: anvil.rpcUrl,
      SIGNET_RATE_LIMIT: 'off',
    },
    log,
  })
}, 180_000)

afterAll(async () => {
  await signet?.stop()
  await anvil?.stop()
})

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${signet.listenUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

async function eventsOf(requestId: string): Promise<AuditEvent[]> {
  return (await readAuditEvents(signet.db)).filter((event) => event.requestId === requestId)
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids', () => {
  it('keeps a short, safe X-Request-Id, replaces any other, echoes it and logs it', async () => {
    const idOf = async (header?: string) =>
      (
        await fetch(`${signet.listenUrl}/api/auth/nonce`, {
          headers: header === undefined ? {} : { 'X-Request-Id': header },
        })
      ).headers.get('x-request-id')
    expect(await idOf('trace-42.a:b_C')).toBe('trace-42.a:b_C')
    expect(await idOf('x'.repeat(64))).toBe('x'.repeat(64))
    expect(await idOf('x'.repeat(65))).toMatch(uuid)
    expect(await idOf('<script>')).toMatch(uuid)
    expect(await idOf('a b')).toMatch(uuid)
    expect(await idOf()).toMatch(uuid)
    const line = logLines
      .map((text) => JSON.parse(text))
      .find((entry) => entry.requestId === 'trace-42.a:b_C')
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/auth/nonce', status: 200 })
  })
})

describe('the audit trail of sign-ins', () => {
  it('records a sign-in, a refusal with its code and a logout, with request id and client IP', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const account = `eip155:31337:${wallet.address}`
    const message = await freshSignInMessage(signet.listenUrl, wallet.address, signet.url)
    const refused = await post(
      '/api/auth/verify',
      { message, signature: await wallet.signMessage({ message: `${message}!` }) },
      { 'X-Request-Id': 'refused-1' },
    )
    expect(refused.status).toBe(401)
    expect(await eventsOf('refused-1')).toEqual([
      {
        id: expect.any(String),
        occurredAt: expect.any(Number),
        type: 'sign_in.refused',
        account,
        clientId: null,
        clientIp: '127.0.0.1',
        requestId: 'refused-1',
        details: { code: 'invalid_signature' },
      },
    ])

    const signature = await wallet.signMessage({ message })
    const verified = await post('/api/auth/verify', { message, signature }, { 'X-Request-Id': 'signed-in-1' })
    expect(verified.status).toBe(200)
    const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const token = cookie.split('=')[1] ?? ''
    const session = sessionId(token).slice(0, 12)
    expect(await eventsOf('signed-in-1')).toMatchObject([
      { type: 'sign_in.succeeded', account, clientIp: '127.0.0.1', details: { accountType: 'eoa', session } },
    ])

    // A replay of the used message: refused, the nonce is gone.
    await post('/api/auth/verify', { message, signature }, { 'X-Request-Id': 'replay-1' })
    expect(await eventsOf('replay-1')).toMatchObject([
      { type: 'sign_in.refused', account, details: { code: 'invalid_nonce' } },
    ])
    // Not even a message: refused, no account.
    await post('/api/auth/verify', { nothing: true }, { 'X-Request-Id': 'garbage-1' })
    expect(await eventsOf('garbage-1')).toMatchObject([
      { type: 'sign_in.refused', account: null, details: { code: 'invalid_request' } },
    ])

    const logout = await fetch(`${signet.listenUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'X-Request-Id': 'logout-1' },
    })
    expect(logout.status).toBe(204)
    expect(await eventsOf('logout-1')).toMatchObject([
      { type: 'session.ended', account, clientIp: '127.0.0.1', details: { reason: 'logout', session } },
    ])
    // A second logout ends nothing and records nothing.
    await fetch(`${signet.listenUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'X-Request-Id': 'logout-2' },
    })
    expect(await eventsOf('logout-2')).toEqual([])

    // The trail holds neither the signature, nor the cookie's token, nor the full nonce — in the database
    // or in the log lines.
    const nonce = /Nonce: (\w+)/.exec(message)?.[1] ?? ''
    expect(nonce).toHaveLength(24)
    const stored = JSON.stringify(await readAuditEvents(signet.db))
    const logged = logLines.join('\n')
    for (const secret of [signature, signature.slice(2, 40), token, nonce]) {
      expect(stored).not.toContain(secret)
      expect(logged).not.toContain(secret)
    }
    expect(logged.split('\n').filter((line) => line.includes('"msg":"audit"'))).toHaveLength(
      (await readAuditEvents(signet.db)).length,
    )
  })

  it('records a pending Safe sign-in when proposed (once) and when completed', async () => {
    const account = `eip155:31337:${safe}`
    const message = await freshSignInMessage(signet.listenUrl, safe, signet.url)
    const nonce = /Nonce: (\w+)/.exec(message)?.[1] ?? ''
    expect((await post('/api/auth/pending', { message }, { 'X-Request-Id': 'propose-1' })).status).toBe(200)
    expect(await eventsOf('propose-1')).toMatchObject([
      {
        type: 'safe_sign_in.proposed',
        account,
        clientIp: '127.0.0.1',
        details: { nonce: `${nonce.slice(0, 4)}…` },
      },
    ])
    // The app resumes the sign-in: the hold moves, no second proposal.
    expect((await post('/api/auth/pending', { message }, { 'X-Request-Id': 'propose-2' })).status).toBe(200)
    expect(await eventsOf('propose-2')).toEqual([])

    const ref = { safe, chainId: 31337, version: '1.4.1', message: hashMessage(message) } as const
    const signature: Hex = concatOwnerSignatures(
      await Promise.all(owners.map((key) => signSafeMessage(key, ref))),
    )
    const verified = await post('/api/auth/verify', { message, signature }, { 'X-Request-Id': 'complete-1' })
    expect(verified.status).toBe(200)
    const events = await eventsOf('complete-1')
    expect(events.map((event) => event.type)).toEqual(['sign_in.succeeded', 'safe_sign_in.completed'])
    expect(events[1]).toMatchObject({ account, details: { nonce: `${nonce.slice(0, 4)}…` } })
    expect(events[0]?.details).toMatchObject({ accountType: 'contract' })

    // A contract sign-in that was never pending is no Safe completion.
    const direct = await freshSignInMessage(signet.listenUrl, safe, signet.url)
    const directRef = { ...ref, message: hashMessage(direct) }
    await post(
      '/api/auth/verify',
      {
        message: direct,
        signature: concatOwnerSignatures(
          await Promise.all(owners.map((key) => signSafeMessage(key, directRef))),
        ),
      },
      { 'X-Request-Id': 'direct-1' },
    )
    expect((await eventsOf('direct-1')).map((event) => event.type)).toEqual(['sign_in.succeeded'])
  })
})
