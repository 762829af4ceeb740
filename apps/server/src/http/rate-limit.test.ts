import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ServerType, serve } from '@hono/node-server'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { toPublicConfig } from '../config/public-config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { createApp } from './app.ts'

// Per-client limits through a real socket: the whole 127.0.0.0/8 block is loopback on Linux, so requests
// bound to 127.0.0.2, 127.0.0.3… reach the server from distinct peers.

const origin = 'http://localhost:8787'
let dataDir: string
let db: StoreDatabase
const servers: ServerType[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'signet-rate-limit-'))
  db = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'db.sqlite') })
})
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  await db?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * Serves a fresh app (counters cleared) on 127.0.0.1; 2 verify, 2 pending and 2 explorer calls a minute
 * per client.
 */
async function startServer(
  trustedProxies: string[] = [],
  gatewayUrl = 'http://gateway.test',
): Promise<number> {
  // The counters live in the database: a fresh app starts from none.
  await db.deleteFrom('rate_limits').execute()
  const config = loadConfig({ SIGNET_RPC_1: 'http://127.0.0.1:9', SIGNET_ORIGIN: origin })
  const app = createApp({
    db,
    domain: 'localhost:8787',
    origin,
    chainIds: [1],
    clientFor: () => undefined,
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 600_000,
    publicConfig: toPublicConfig({ ...config, origin }, gatewayUrl),
    safeHosts: [],
    rateLimit: {
      enabled: true,
      noncePerMinute: 100,
      verifyPerMinute: 2,
      pendingPerMinute: 2,
      trustedProxies,
    },
    webDist: '/nonexistent',
    log: pino({ level: 'silent' }),
  })
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  servers.push(server)
  return (server.address() as AddressInfo).port
}

type Answer = { status: number; retryAfter: string | undefined; body: unknown }

/** POSTs an empty JSON object (400 when the limit lets it through) from `from`, maybe with X-Forwarded-For. */
function post(port: number, path: string, from: string, forwardedFor?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          const retryAfter = res.headers['retry-after']
          resolve({ status: res.statusCode ?? 0, retryAfter, body: JSON.parse(text) })
        })
      },
    )
    req.once('error', reject)
    req.end('{}')
  })
}

async function statuses(port: number, path: string, calls: [from: string, forwardedFor?: string][]) {
  const answers: number[] = []
  for (const [from, forwardedFor] of calls) answers.push((await post(port, path, from, forwardedFor)).status)
  return answers
}

function expectRateLimited(answer: Answer) {
  expect(answer.status).toBe(429)
  const seconds = Number(answer.retryAfter)
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60, `Retry-After ${answer.retryAfter}`).toBe(
    true,
  )
  expect(answer.body).toStrictEqual({
    error: { code: 'rate_limited', message: `Too many requests; retry in ${seconds} s.` },
  })
}

describe.each([
  ['POST /api/auth/verify', '/api/auth/verify'],
  ['POST /api/auth/pending', '/api/auth/pending'],
])('%s is limited per client address', (_name, path) => {
  it('answers 429 with Retry-After past the limit, for that client only', async () => {
    const port = await startServer()
    expect(await statuses(port, path, [['127.0.0.2'], ['127.0.0.2']])).toStrictEqual([400, 400])
    expectRateLimited(await post(port, path, '127.0.0.2'))
    // Another client has its own count.
    expect((await post(port, path, '127.0.0.3')).status).toBe(400)
  })

  it('ignores X-Forwarded-For when no proxy is trusted (SIGNET_TRUST_PROXY=off)', async () => {
    const port = await startServer()
    expect(
      await statuses(port, path, [
        ['127.0.0.2', '203.0.113.1'],
        ['127.0.0.2', '203.0.113.2'],
        ['127.0.0.2', '203.0.113.3'],
      ]),
    ).toStrictEqual([400, 400, 429])
  })
})

describe('verify and pending count apart', () => {
  it('spending the pending limit leaves verify open, and the reverse', async () => {
    const port = await startServer()
    const from = '127.0.0.2'
    expect(await statuses(port, '/api/auth/pending', [[from], [from], [from]])).toStrictEqual([400, 400, 429])
    expect(await statuses(port, '/api/auth/verify', [[from], [from], [from]])).toStrictEqual([400, 400, 429])
  })
})

describe('behind a trusted proxy (SIGNET_TRUST_PROXY=127.0.0.1)', () => {
  let port: number
  beforeAll(async () => {
    port = await startServer(['127.0.0.1'])
  })
  const proxy = '127.0.0.1'
  const verify = (from: string, forwardedFor?: string) => post(port, '/api/auth/verify', from, forwardedFor)

  it('counts each client the proxy names apart; the proxy is not one shared bucket', async () => {
    expect(
      await statuses(port, '/api/auth/verify', [
        [proxy, '203.0.113.1'],
        [proxy, '203.0.113.1'],
        [proxy, '203.0.113.2'],
        [proxy, '203.0.113.2'],
      ]),
    ).toStrictEqual([400, 400, 400, 400])
    expectRateLimited(await verify(proxy, '203.0.113.1'))
    expectRateLimited(await verify(proxy, '203.0.113.2'))
  })

  it('takes the address the proxy appended, not what the client wrote before it', async () => {
    // 203.0.113.1 is spent (above); a client claiming it in front of its real address gains nothing.
    expect(
      await statuses(port, '/api/auth/verify', [
        [proxy, '203.0.113.1, 198.51.100.4'],
        [proxy, '203.0.113.2,198.51.100.4'],
      ]),
    ).toStrictEqual([400, 400])
    expectRateLimited(await verify(proxy, '203.0.113.9, 198.51.100.4'))
  })

  it('never believes the header from a peer that is not the proxy: a spoofed address is not charged', async () => {
    // 127.0.0.2 reaches Signet around the proxy, claiming a new address each time: one bucket, its own.
    expect(
      await statuses(port, '/api/auth/verify', [
        ['127.0.0.2', '198.51.100.7'],
        ['127.0.0.2', '198.51.100.8'],
      ]),
    ).toStrictEqual([400, 400])
    expectRateLimited(await verify('127.0.0.2', '198.51.100.9'))
    // The addresses it claimed were never charged: through the proxy they still get their full limit.
    expect(
      await statuses(port, '/api/auth/verify', [
        [proxy, '198.51.100.7'],
        [proxy, '198.51.100.7'],
      ]),
    ).toStrictEqual([400, 400])
  })

  it('counts the proxy itself when it sends no X-Forwarded-For', async () => {
    expect(await statuses(port, '/api/auth/verify', [[proxy], [proxy], [proxy]])).toStrictEqual([
      400, 400, 429,
    ])
  })
})

describe('explorer links that ask the gateway', () => {
  it('are limited per client like verify, and past the limit the gateway is not asked', async () => {
    // A gateway that knows no Safe transaction: each link it is asked about is a chain transaction.
    let asked = 0
    const gateway = createServer((_request, response) => {
      asked += 1
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"code":404,"message":"No MultisigTransaction matches the given query."}')
    })
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
    try {
      const port = await startServer([], `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`)
      const path = `/explorer/1/tx/0x${'ab'.repeat(32)}`
      const get = (from: string) =>
        new Promise<{ status: number; location?: string }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path, localAddress: from }, (res) => {
            res.resume()
            resolve({
              status: res.statusCode ?? 0,
              ...(res.headers.location ? { location: res.headers.location } : {}),
            })
          })
          req.once('error', reject)
          req.end()
        })
      expect(await get('127.0.0.2')).toStrictEqual({
        status: 302,
        location: `https://etherscan.io/tx/0x${'ab'.repeat(32)}`,
      })
      expect((await get('127.0.0.2')).status).toBe(302)
      const askedBefore = asked
      expect((await get('127.0.0.2')).status).toBe(429)
      expect(asked).toBe(askedBefore)
      expect((await get('127.0.0.3')).status).toBe(302)
    } finally {
      await new Promise((resolve) => gateway.close(resolve))
    }
  })
})
