import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorResponse } from '../request/error-response.ts'
import { RateLimiter } from '../request/rate-limit.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { cspReportRoutes } from './csp-report-routes.ts'

let dataDir: string
let db: StoreDatabase
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'signet-csp-report-'))
  db = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'signet.sqlite') })
})
afterAll(async () => {
  await db?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The routes with a logger whose lines the test reads, and an optional limit of `limit` per minute. */
function reportRoutes(limit?: number) {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const log = pino({ level: 'info' }, sink)
  const routes = cspReportRoutes({
    log,
    ...(limit
      ? { limit: { limiter: new RateLimiter(db, 'csp-report', limit), clientKey: () => '203.0.113.7' } }
      : {}),
  })
  routes.onError(errorResponse(log))
  const post = (body: unknown, type = 'application/csp-report') =>
    routes.request('/', { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) })
  return { post, lines }
}

describe('POST /api/csp-report', () => {
  it('logs a report-uri violation as a warning and answers 204', async () => {
    const { post, lines } = reportRoutes()
    const response = await post({
      'csp-report': {
        'document-uri': 'http://localhost:8787/',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        'violated-directive': 'script-src-elem',
        'source-file': 'http://localhost:8787/',
        'line-number': 12,
        disposition: 'enforce',
      },
    })
    expect(response.status).toBe(204)
    expect(lines).toMatchObject([
      {
        level: 40,
        msg: 'content security policy violation',
        cspViolation: {
          directive: 'script-src-elem',
          blocked: 'inline',
          document: 'http://localhost:8787/',
          source: 'http://localhost:8787/:12',
          disposition: 'enforce',
        },
      },
    ])
  })

  it('takes the Reporting API’s list too, logging only its CSP reports', async () => {
    const { post, lines } = reportRoutes()
    const response = await post(
      [
        { type: 'deprecation', body: {} },
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://localhost:8787/',
            blockedURL: 'https://unlisted.example/x',
            effectiveDirective: 'connect-src',
            disposition: 'enforce',
          },
        },
      ],
      'application/reports+json',
    )
    expect(response.status).toBe(204)
    expect(lines.map((line) => line.cspViolation)).toEqual([
      {
        directive: 'connect-src',
        blocked: 'https://unlisted.example/x',
        document: 'http://localhost:8787/',
        source: undefined,
        disposition: 'enforce',
      },
    ])
  })

  it('refuses what is not a report, and logs nothing', async () => {
    const { post, lines } = reportRoutes()
    for (const body of [
      { hello: 'world' },
      [{ type: 'csp-violation', body: { blockedURL: 7 } }],
      'x'.repeat(10),
    ]) {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request')
    }
    expect(lines).toEqual([])
  })

  it('is rate-limited per client like the other routes', async () => {
    const { post, lines } = reportRoutes(2)
    const report = { 'csp-report': { 'blocked-uri': 'inline', 'effective-directive': 'script-src-elem' } }
    expect((await post(report)).status).toBe(204)
    expect((await post(report)).status).toBe(204)
    const refused = await post(report)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(lines).toHaveLength(2)
  })
})
