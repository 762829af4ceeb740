import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { SignetConfig } from '../src/config/config.ts'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'

// The store's tests run every case on both databases it supports; this is the pair, and the Postgres's life.

/**
 * `[name, settings]` for `describe.each`: SQLite in a fresh temporary file per call, and a real Postgres
 * started before the test file's tests and stopped after them. Call at the top level of the test file.
 *
 * @example describe.each(storeDatabases('signet-store-'))('store on %s', (_name, database) => { … })
 */
export function storeDatabases(tempPrefix: string): [string, () => SignetConfig['database']][] {
  let postgres: TestPostgres
  beforeAll(async () => {
    postgres = await startTestPostgres()
  })
  afterAll(async () => {
    await postgres?.stop()
  })
  return [
    [
      'SQLite',
      () => ({ kind: 'sqlite', path: join(mkdtempSync(join(tmpdir(), tempPrefix)), 'signet.sqlite') }),
    ],
    ['Postgres', () => ({ kind: 'postgres', url: postgres.url })],
  ]
}
