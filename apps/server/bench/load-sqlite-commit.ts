// The store's two writes per sign-in (issue a nonce; consume it and insert the session) on SQLite, with
// the `synchronous` setting Signet uses (NORMAL) against SQLite's default (FULL), in the same run, on a
// database file in the data folder's file system. better-sqlite3 is synchronous: this time is time the
// server's event loop is held.
//
//   node apps/server/bin/run-ts.mjs apps/server/bench/load-sqlite-commit.ts [-- --count 2000 --dir DIR]
import { mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { openDatabase } from '../src/store/database.ts'
import { issueNonce } from '../src/store/nonce-store.ts'
import { consumeNonceAndCreateSession } from '../src/store/session-store.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    // Where `npm start` keeps its database by default (data/ in the working directory).
    dir: { type: 'string', default: resolve('data') },
  },
})
const count = Number(values.count)
const session = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 31337,
  accountType: 'eoa' as const,
}

console.log(
  `\nSQLite writes of ${count} sign-ins (nonce insert + consume-and-session transaction), ${values.dir}\n`,
)
console.log('| synchronous | µs per sign-in (both writes) | sign-ins per second, writes alone |')
console.log('|---|---:|---:|')
for (const synchronous of ['FULL', 'NORMAL'] as const) {
  const dir = mkdtempSync(join(values.dir, '.bench-sqlite-'))
  const db = await openDatabase({ kind: 'sqlite', path: join(dir, 'bench.sqlite') })
  try {
    await sql.raw(`pragma synchronous = ${synchronous}`).execute(db)
    const start = performance.now()
    for (let i = 0; i < count; i++) {
      const now = Date.now()
      const { nonce } = await issueNonce(db, now, 600_000)
      if (!(await consumeNonceAndCreateSession(db, nonce, session, now, 3_600_000)))
        throw new Error('nonce not consumed')
    }
    const us = ((performance.now() - start) * 1000) / count
    console.log(
      `| ${synchronous}${synchronous === 'NORMAL' ? ' (Signet)' : ' (SQLite default)'} | ${us.toFixed(0)} | ${(1e6 / us).toFixed(0)} |`,
    )
  } finally {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}
