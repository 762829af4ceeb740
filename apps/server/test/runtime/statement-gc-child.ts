// Run in a child process with --expose-gc by statement-gc.test.ts: opens the store as `signet serve`
// does, runs the store's statements while forcing garbage collection, lets thousands of one-off prepared
// statements be finalised by the collector, closes the database and collects again. better-sqlite3 12
// built for Node 24 aborted the process (`Assertion failed: (env) != nullptr`) when a statement was
// collected; this child exits 0 and prints its counts only if nothing of that kind happens.
import { sql } from 'kysely'
import { openDatabase } from '../../src/store/database.ts'
import { issueNonce } from '../../src/store/nonce-store.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const path = process.argv[2]
if (!path) throw new Error('usage: statement-gc-child.ts <sqlite path>')

const db = await openDatabase({ kind: 'sqlite', path })
let queries = 0
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 50; i++) {
    await issueNonce(db, Date.now(), 60_000)
    // A statement of its own text each time: past the store's statement cache, so only the collector
    // finalises it.
    await sql`select ${sql.lit(round * 1000 + i)} as n`.execute(db)
    queries += 2
  }
  const sqlite = db.sqlite
  if (sqlite) for (let i = 0; i < 50; i++) sqlite.prepare(`select ${round * 1000 + i} + 1`).get()
  gc()
  await new Promise((resolve) => setImmediate(resolve))
}
await db.destroy()
gc()
await new Promise((resolve) => setTimeout(resolve, 50))
gc()
process.stdout.write(`${JSON.stringify({ queries, node: process.versions.node })}\n`)
