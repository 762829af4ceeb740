import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPostgres, type TestPostgres } from '../postgres-server.ts'
import { runClusterLoad } from './cluster-load.ts'

// The full figure (2 000 sign-ins) is `npm run bench:cluster`; this is the same run, smaller.
const signIns = 240

let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startTestPostgres()
})
afterAll(async () => {
  await postgres?.stop()
})

describe('4 server processes on one Postgres, one SIGKILLed mid-load and restarted', () => {
  it(`gives exactly one session per nonce over ${signIns} sign-ins with replays, and loses none answered 200`, async () => {
    const report = await runClusterLoad({
      databaseUrl: postgres.url,
      processes: 4,
      signIns,
      concurrency: 24,
      killAt: 0.3,
      restartAt: 0.5,
    })
    // Every sign-in got exactly one 200 (its replays 401 invalid_nonce), or — only when an answer died
    // with the killed process — exactly one session row and no 200. Never two sessions for a nonce.
    expect(report.duplicated).toBe(0)
    expect(report.lostSessions).toBe(0)
    expect(report.refused).toBe(0)
    expect(report.fiveHundreds).toBe(0)
    expect(report.answeredOnce + report.sessionsWithoutAnswer).toBe(signIns)
    expect(report.sessionsWithoutAnswer).toBeLessThanOrEqual(report.networkFailures)
    expect(Object.keys(report.verifyStatuses).sort()).toEqual(['200', '401'])
    // A replay is refused whichever process it reaches: 1 + 2 + 2 + 3 submissions per 4 sign-ins.
    expect(report.verifyStatuses[401]).toBeGreaterThanOrEqual(signIns)
    // The kill was felt (requests to it failed and were retried), and the restarted process serves
    // every session opened before, during and after its death.
    expect(report.networkFailures).toBeGreaterThan(0)
    expect(report.cookiesLive).toBe(report.cookiesChecked)
    expect(report.cookiesChecked).toBe(2 * (report.verifyStatuses[200] ?? 0))
  }, 240_000)
})
