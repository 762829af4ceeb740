import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'
import { type SignetProcess, startSignetProcess } from './reliability/signet-process.ts'
import { freshSignInMessage, postVerify } from './sign-in-client.ts'

const account = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')

let postgres: TestPostgres
const servers: SignetProcess[] = []

beforeAll(async () => {
  postgres = await startTestPostgres()
  // `signet serve` processes of their own on the shared Postgres; chain 31337's RPC is dead, which EOA
  // sign-ins never call.
  servers.push(
    ...(await Promise.all(
      [1, 2, 3].map(() =>
        startSignetProcess({ env: { DATABASE_URL: postgres.url }, startTimeoutMs: 30_000 }),
      ),
    )),
  )
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await postgres?.stop()
})

describe('several server processes on one Postgres', () => {
  it('give exactly one session among 40 concurrent submissions of one signed message, spread over 3 processes', async () => {
    const message = await freshSignInMessage(servers[0]?.url ?? '', account.address)
    const signature = await account.signMessage({ message })
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postVerify(servers[i % servers.length]?.url ?? '', message, signature),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 401)).toHaveLength(39)

    // The session opened through one process is live in every other one.
    const cookie = answers.find((answer) => answer.status === 200)?.cookie ?? ''
    for (const server of servers) {
      const session = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } })
      expect(session.status).toBe(200)
      expect(((await session.json()) as { address: string }).address).toBe(account.address)
    }
  })
})
