import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import { concatOwnerSignatures, signSafeMessage } from '@signet/devchain/safe-signatures'
import SQLite from 'better-sqlite3'
import { type Address, type Hex, hashMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpAnswer, httpRequest, postJson } from '../reliability/http-client.ts'
import { type SignetProcess, startSignetProcess } from '../reliability/signet-process.ts'
import { signInMessage } from '../sign-in-client.ts'
import { type SlowRpcProxy, startSlowRpcProxy } from './slow-rpc-proxy.ts'

// SIGTERM to a real `signet serve` while sign-ins are in flight: /readyz goes 503 at once, new
// connections are refused, every request in flight is answered (with Connection: close), the process
// exits 0 within SIGNET_SHUTDOWN_GRACE. The sign-ins are a Safe's, whose ERC-1271 check goes through an
// RPC proxy that holds each call 2 s: they are surely in flight when the signal comes.

let anvil: Anvil
let safe: Address
let dataDir: string
const proxies: SlowRpcProxy[] = []
const servers: SignetProcess[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  const deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  safe = await createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment,
    owners: anvil.accounts.slice(0, 3).map((account) => account.address),
    threshold: 2,
  })
  dataDir = mkdtempSync(join(tmpdir(), 'signet-draining-'))
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all(proxies.map((proxy) => proxy.close()))
  await anvil?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function startBehindSlowRpc(name: string, delayMs: number, env: Record<string, string> = {}) {
  const proxy = await startSlowRpcProxy(anvil.rpcUrl, delayMs)
  proxies.push(proxy)
  const database = join(dataDir, `${name}.sqlite`)
  const server = await startSignetProcess({
    env: { SIGNET_RPC_31337: proxy.url, DATABASE_URL: database, ...env },
  })
  servers.push(server)
  return { proxy, server, database, managementUrl: await server.managementUrl() }
}

/** `n` Safe sign-in bodies (owners 0 and 1), each with a nonce of its own issued by `server`. */
async function safeSignIns(server: SignetProcess, n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const nonce = JSON.parse((await httpRequest(`${server.url}/api/auth/nonce`)).body).nonce as string
      const message = signInMessage(safe, nonce)
      const signatures = await Promise.all(
        [0, 1].map((owner) =>
          signSafeMessage(anvil.accounts[owner]?.privateKey as Hex, {
            safe,
            chainId: 31337,
            version: '1.4.1',
            message: hashMessage(message),
          }),
        ),
      )
      return JSON.stringify({ message, signature: concatOwnerSignatures(signatures) })
    }),
  )
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5_000,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

async function readyz(managementUrl: string) {
  const response = await fetch(`${managementUrl}/readyz`)
  return { status: response.status, body: (await response.json()) as { checks: { serving: string } } }
}

describe('SIGTERM drains signet serve', () => {
  it('answers all 50 sign-ins in flight, refuses new connections, is unready at once, and exits 0 within the grace', async () => {
    const { proxy, server, database, managementUrl } = await startBehindSlowRpc('drain', 2_000)
    const bodies = await safeSignIns(server, 50)
    // The nonces' keep-alive connections are idle in the client's pool now: the drain closes them.
    expect((await readyz(managementUrl)).status).toBe(200)

    const answers: Promise<HttpAnswer | Error>[] = bodies.map((body) =>
      postJson(`${server.url}/api/auth/verify`, body).catch((error: Error) => error),
    )
    // Every sign-in is inside the server, waiting for its two ERC-1271 calls.
    await until('100 RPC calls', () => (proxy.calls() >= 100 ? true : undefined), 10_000)
    const signalled = Date.now()
    server.child.kill('SIGTERM')

    const unready = await until('/readyz 503', async () => {
      const answer = await readyz(managementUrl)
      return answer.status === 503 ? answer : undefined
    })
    expect(unready.body.checks.serving).toBe('draining')
    await until('new connections refused', () =>
      fetch(`${server.url}/api/health`).then(
        () => undefined,
        () => true,
      ),
    )
    // All of that happened while the sign-ins were still waiting for the chain.
    expect(Date.now() - signalled).toBeLessThan(1_500)

    const settled = await Promise.all(answers)
    const failures = settled.filter((answer) => answer instanceof Error || answer.status !== 200)
    expect(failures).toEqual([])
    for (const answer of settled as HttpAnswer[]) {
      expect(JSON.parse(answer.body)).toMatchObject({ address: safe, accountType: 'contract' })
      expect(answer.headers.connection).toBe('close')
    }

    await server.exited
    expect(server.child.exitCode).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
    expect(server.output()).toContain('Stopping Signet (SIGTERM)…\n')
    // The database was closed cleanly with every session in it.
    const db = new SQLite(database, { readonly: true })
    expect(db.prepare('select count(*) as n from sessions').get()).toEqual({ n: 50 })
    db.close()
  }, 60_000)

  it('cuts the requests off and exits 1 when SIGNET_SHUTDOWN_GRACE runs out', async () => {
    const { proxy, server } = await startBehindSlowRpc('grace', Number.POSITIVE_INFINITY, {
      SIGNET_SHUTDOWN_GRACE: '1s',
    })
    const [body] = await safeSignIns(server, 1)
    const answer = postJson(`${server.url}/api/auth/verify`, body as string).catch((error: Error) => error)
    await until('the RPC call', () => (proxy.calls() >= 2 ? true : undefined))
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await server.exited
    const took = Date.now() - signalled
    expect(server.child.exitCode).toBe(1)
    expect(took).toBeGreaterThanOrEqual(1_000)
    expect(took).toBeLessThan(4_000)
    expect(server.output()).toMatch(
      /signet: process \d+: SIGNET_SHUTDOWN_GRACE \(1 s\) ran out with 1 request in flight; cutting it off\n/,
    )
    expect(await answer).toBeInstanceOf(Error)
  }, 60_000)

  it('ends at once on a second signal', async () => {
    const { proxy, server, managementUrl } = await startBehindSlowRpc('twice', Number.POSITIVE_INFINITY)
    const [body] = await safeSignIns(server, 1)
    void postJson(`${server.url}/api/auth/verify`, body as string).catch(() => {})
    await until('the RPC call', () => (proxy.calls() >= 2 ? true : undefined))
    server.child.kill('SIGTERM')
    await until('/readyz 503', async () => ((await readyz(managementUrl)).status === 503 ? true : undefined))
    const signalled = Date.now()
    server.child.kill('SIGINT')
    await server.exited
    expect(Date.now() - signalled).toBeLessThan(1_000)
    expect(server.child.exitCode).toBe(130)
  }, 60_000)
})
