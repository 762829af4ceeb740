import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import type { SignetConfig } from '../config/config.ts'
import { openDatabase, pingDatabase, type StoreDatabase, type StoreSchema, writeDurably } from './database.ts'
import { generateNonce, isNonceLive, issueNonce } from './nonce-store.ts'
import {
  consumeNonceAndCreateSession,
  deleteSession,
  findSession,
  sessionId,
  sweepExpired,
} from './session-store.ts'

const session = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 31337,
  accountType: 'eoa' as const,
}
const endedFields = { address: session.address, chainId: session.chainId, accountType: session.accountType }

const databases = storeDatabases('signet-store-')

describe('generateNonce', () => {
  it('gives 24 alphanumeric characters, different every time', () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => generateNonce()))
    expect(nonces.size).toBe(1000)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{24}$/)
  })
})

describe.each(databases)('store on %s', (_name, database) => {
  let db: StoreDatabase
  let settings: SignetConfig['database']
  beforeAll(async () => {
    settings = database()
    db = await openDatabase(settings)
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('answers a ping and migrates idempotently', async () => {
    expect(await pingDatabase(db)).toBe(true)
    const again = await openDatabase(settings)
    expect(await pingDatabase(again)).toBe(true)
    await again.destroy()
  })

  it('issues a nonce that is live until it expires', async () => {
    const now = 1_800_000_000_000
    const { nonce, expiresAt } = await issueNonce(db, now, 600_000)
    expect(expiresAt).toBe(now + 600_000)
    expect(await isNonceLive(db, nonce, now + 599_999)).toBe(true)
    expect(await isNonceLive(db, nonce, now + 600_000)).toBe(false)
    expect(await isNonceLive(db, 'neverIssued12345', now)).toBe(false)
  })

  it('consumes a nonce once and creates a session that can be found and deleted', async () => {
    const now = Date.now()
    const { nonce } = await issueNonce(db, now, 600_000)
    const created = await consumeNonceAndCreateSession(db, nonce, session, now, 3_600_000)
    expect(created?.session).toEqual({ ...session, issuedAt: now, expiresAt: now + 3_600_000 })
    expect(created?.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await consumeNonceAndCreateSession(db, nonce, session, now, 3_600_000)).toBeUndefined()
    expect(await isNonceLive(db, nonce, now)).toBe(false)

    const token = created?.token ?? ''
    expect(await findSession(db, token, now + 1)).toEqual(created?.session)
    expect(await findSession(db, token, now + 3_600_000)).toBeUndefined()
    expect(await findSession(db, `${token}x`, now)).toBeUndefined()
    // Logout says which session it ended (for the audit trail), and nothing the second time.
    expect(await deleteSession(db, token)).toEqual({ ...endedFields, id: sessionId(token) })
    expect(await findSession(db, token, now + 1)).toBeUndefined()
    expect(await deleteSession(db, token)).toBeUndefined()
  })

  it('refuses an expired nonce', async () => {
    const now = Date.now()
    const { nonce } = await issueNonce(db, now, 1_000)
    expect(await consumeNonceAndCreateSession(db, nonce, session, now + 1_000, 60_000)).toBeUndefined()
  })

  it('gives exactly one session among 40 concurrent consumptions of one nonce', async () => {
    const now = Date.now()
    const { nonce } = await issueNonce(db, now, 600_000)
    const results = await Promise.all(
      Array.from({ length: 40 }, () => consumeNonceAndCreateSession(db, nonce, session, now, 60_000)),
    )
    expect(results.filter((result) => result !== undefined)).toHaveLength(1)
  })

  it('keeps sessions across a reopen (a server restart) and sweeps expired rows', async () => {
    const now = Date.now()
    const { nonce } = await issueNonce(db, now, 600_000)
    const created = await consumeNonceAndCreateSession(db, nonce, session, now, 60_000)
    const reopened = await openDatabase(settings)
    expect(await findSession(reopened, created?.token ?? '', now + 1)).toEqual(created?.session)

    const swept = await sweepExpired(reopened, now + 10 * 86_400_000)
    expect(swept.sessions).toBeGreaterThanOrEqual(1)
    expect(swept.endedSessions).toHaveLength(swept.sessions)
    expect(swept.endedSessions).toContainEqual({ ...endedFields, id: sessionId(created?.token ?? '') })
    expect(swept.nonces).toBeGreaterThanOrEqual(1)
    expect(
      await reopened
        .selectFrom('nonces')
        .selectAll()
        .where('expires_at', '<=', now + 10 * 86_400_000)
        .execute(),
    ).toEqual([])
    await reopened.destroy()
  })
})

describe('SQLite durability settings', () => {
  it('runs WAL with synchronous NORMAL, and a durable write (logout) with FULL', async () => {
    const db = await openDatabase({
      kind: 'sqlite',
      path: join(mkdtempSync(join(tmpdir(), 'signet-sync-')), 'signet.sqlite'),
    })
    const pragma = async (name: string, on: Kysely<StoreSchema> = db) =>
      (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(on)).rows[0]
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' })
    expect(await pragma('synchronous')).toEqual({ synchronous: 1 }) // NORMAL
    // Inside writeDurably the connection is FULL (2), and NORMAL again after, also when the write fails.
    expect(await writeDurably(db, (durable) => pragma('synchronous', durable))).toEqual({ synchronous: 2 })
    await expect(writeDurably(db, () => Promise.reject(new Error('write failed')))).rejects.toThrow(
      'write failed',
    )
    expect(await pragma('synchronous')).toEqual({ synchronous: 1 })

    const now = Date.now()
    const { nonce } = await issueNonce(db, now, 600_000)
    const created = await consumeNonceAndCreateSession(db, nonce, session, now, 60_000)
    await deleteSession(db, created?.token ?? '')
    expect(await findSession(db, created?.token ?? '', now + 1)).toBeUndefined()
    expect(await pragma('synchronous')).toEqual({ synchronous: 1 })
    await db.destroy()
  })
})
