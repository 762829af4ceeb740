import { type ChildProcess, spawn } from 'node:child_process'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'

const origin = 'http://localhost:8787'
const account = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const signetBin = new URL('../bin/signet.mjs', import.meta.url).pathname

let postgres: TestPostgres
const servers: { process: ChildProcess; url: string }[] = []

/** Starts `signet serve` as its own process on the shared Postgres and waits until it answers. */
async function startServerProcess(databaseUrl: string) {
  const port = await freePort()
  const child = spawn(process.execPath, [signetBin, 'serve'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SIGNET_ORIGIN: origin,
      // A chain that needs no node: EOA sign-ins never call the RPC.
      SIGNET_RPC_31337: 'http://127.0.0.1:9',
      SIGNET_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`signet serve exited early:\n${output}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { process: child, url }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`signet serve did not answer within 30 s:\n${output}`)
}

beforeAll(async () => {
  postgres = await startTestPostgres()
  servers.push(...(await Promise.all([1, 2, 3].map(() => startServerProcess(postgres.url)))))
})

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (server.process.exitCode !== null) return resolve()
          server.process.once('exit', () => resolve())
          server.process.kill('SIGTERM')
        }),
    ),
  )
  await postgres?.stop()
})

describe('several server processes on one Postgres', () => {
  it('give exactly one session among 40 concurrent submissions of one signed message, spread over 3 processes', async () => {
    const first = servers[0]?.url ?? ''
    const { nonce } = (await (await fetch(`${first}/api/auth/nonce`)).json()) as { nonce: string }
    const message = createSiweMessage({
      domain: 'localhost:8787',
      address: account.address,
      uri: origin,
      version: '1',
      chainId: 31337,
      nonce,
      issuedAt: new Date(),
    })
    const body = JSON.stringify({ message, signature: await account.signMessage({ message }) })
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${servers[i % servers.length]?.url}/api/auth/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 401)).toHaveLength(39)

    // The session opened through one process is live in every other one.
    const winner = responses.find((response) => response.status === 200)
    const cookie = (winner?.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    for (const server of servers) {
      const session = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } })
      expect(session.status).toBe(200)
      expect(((await session.json()) as { address: string }).address).toBe(account.address)
    }
  })
})
