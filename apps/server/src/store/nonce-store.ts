import { randomBytes } from 'node:crypto'
import type SQLite from 'better-sqlite3'
import type { StoreDatabase } from './database.ts'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random alphanumeric nonce of 24 characters (~143 bits). Rejection sampling keeps it unbiased. */
export function generateNonce(length = 24): string {
  let nonce = ''
  while (nonce.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && nonce.length < length) nonce += alphabet[byte % 62]
    }
  }
  return nonce
}

export type IssuedNonce = { nonce: string; expiresAt: number }

/** Issues a fresh single-use nonce that expires after `ttlMs`. */
export async function issueNonce(db: StoreDatabase, now: number, ttlMs: number): Promise<IssuedNonce> {
  const nonce = generateNonce()
  const expiresAt = now + ttlMs
  await db
    .insertInto('nonces')
    .values({ nonce, issued_at: now, expires_at: expiresAt, consumed_at: null })
    .execute()
  return { nonce, expiresAt }
}

const liveNonceStatements = new WeakMap<SQLite.Database, SQLite.Statement<[string, number], number>>()

/** Whether the nonce was issued by us, is not used and has not expired (a cheap read before verifying). */
export async function isNonceLive(db: StoreDatabase, nonce: string, now: number): Promise<boolean> {
  const sqlite = db.sqlite
  if (sqlite) {
    // One prepared statement, run synchronously under Kysely's connection lock: no query building.
    let statement = liveNonceStatements.get(sqlite)
    if (!statement) {
      statement = sqlite
        .prepare<[string, number], number>(
          'select 1 from nonces where nonce = ? and consumed_at is null and expires_at > ?',
        )
        .pluck()
      liveNonceStatements.set(sqlite, statement)
    }
    const live = statement
    return db.connection().execute(async () => live.get(nonce, now) !== undefined)
  }
  const row = await db
    .selectFrom('nonces')
    .select('nonce')
    .where('nonce', '=', nonce)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row !== undefined
}
