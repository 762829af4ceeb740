import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSignet, startSignet } from '../../src/serve.ts'
import { startTestPostgres, type TestPostgres } from '../postgres-server.ts'

// A Postgres outage as an orchestrator sees it on the management port: /readyz 503 naming the database
// within 5 s of Postgres stopping, 200 again once it is back; /livez 200 throughout (restarting the
// process would not bring the database back).

let postgres: TestPostgres
let signet: RunningSignet

beforeAll(async () => {
  postgres = await startTestPostgres()
  signet = await startSignet({
    env: {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SIGNET_RPC_31337: 'http://127.0.0.1:9',
      SIGNET_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
    },
  })
}, 120_000)

afterAll(async () => {
  await signet?.stop()
  await postgres?.stop()
})

async function probe(path: string) {
  const response = await fetch(`${signet.managementUrl}${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Polls /readyz every 100 ms until it answers `status`; the time it took. */
async function readyzBecomes(status: number, timeoutMs: number) {
  const start = Date.now()
  const livez: number[] = []
  while (Date.now() - start < timeoutMs) {
    livez.push((await probe('/livez')).status)
    const readyz = await probe('/readyz')
    if (readyz.status === status) return { ms: Date.now() - start, readyz, livez }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`/readyz did not answer ${status} within ${timeoutMs} ms`)
}

describe('/readyz through a Postgres outage', () => {
  it('goes 503 naming the database within 5 s, and 200 once Postgres is back; /livez stays 200', async () => {
    expect((await probe('/readyz')).status).toBe(200)

    await postgres.halt()
    const down = await readyzBecomes(503, 10_000)
    expect(down.ms).toBeLessThan(5_000)
    expect(down.readyz.body).toMatchObject({
      status: 'unready',
      checks: { migrations: 'unknown', oidc_keys: 'off', serving: 'ok' },
    })
    expect(['down', 'timeout']).toContain((down.readyz.body.checks as { database: string }).database)
    expect(down.livez.every((status) => status === 200)).toBe(true)
    // The scrape still answers (the live-session count keeps its last value).
    expect((await fetch(`${signet.managementUrl}/metrics`)).status).toBe(200)
    expect((await probe('/livez')).status).toBe(200)

    await postgres.restart()
    const up = await readyzBecomes(200, 30_000)
    expect(up.readyz.body).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', oidc_keys: 'off', serving: 'ok' },
    })
    expect(up.livez.every((status) => status === 200)).toBe(true)
    console.log(`/readyz 503 ${down.ms} ms after Postgres stopped; 200 ${up.ms} ms after it restarted`)
  }, 90_000)
})
