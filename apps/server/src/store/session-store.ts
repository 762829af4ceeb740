import { createHash, randomBytes } from 'node:crypto'
import { type StoreDatabase, writeDurably } from './database.ts'

export type AccountType = 'eoa' | 'contract' | 'counterfactual'

export type Session = {
  address: string
  chainId: number
  accountType: AccountType
  issuedAt: number
  expiresAt: number
}

export type NewSession = Omit<Session, 'issuedAt' | 'expiresAt'>

/** The cookie carries the token; the database keeps only its hash. */
export function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Consumes the nonce and creates the session in one transaction. The nonce is consumed at most once:
 * the conditional UPDATE is atomic in SQLite (one writer) and in Postgres (the row lock makes a
 * concurrent second UPDATE re-check `consumed_at` and match nothing). Returns undefined when the
 * nonce was already used, expired or never issued.
 */
export async function consumeNonceAndCreateSession(
  db: StoreDatabase,
  nonce: string,
  session: NewSession,
  now: number,
  ttlMs: number,
): Promise<{ token: string; session: Session } | undefined> {
  if (db.sqlite) {
    const token = randomBytes(32).toString('base64url')
    const row = { ...session, issuedAt: now, expiresAt: now + ttlMs }
    const created = await consumeOnSqlite(db, db.sqlite, { nonce, id: sessionId(token), session: row })
    return created ? { token, session: row } : undefined
  }
  return db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('nonces')
      .set({ consumed_at: now })
      .where('nonce', '=', nonce)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (consumed.numUpdatedRows !== 1n) return undefined
    const token = randomBytes(32).toString('base64url')
    const row = { ...session, issuedAt: now, expiresAt: now + ttlMs }
    await trx
      .insertInto('sessions')
      .values({
        id: sessionId(token),
        address: row.address,
        chain_id: row.chainId,
        account_type: row.accountType,
        issued_at: row.issuedAt,
        expires_at: row.expiresAt,
      })
      .execute()
    return { token, session: row }
  })
}

/** The live session of a cookie token, if any. */
export async function findSession(
  db: StoreDatabase,
  token: string,
  now: number,
): Promise<Session | undefined> {
  const row = await db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId(token))
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    address: row.address,
    chainId: Number(row.chain_id),
    accountType: row.account_type as AccountType,
    issuedAt: Number(row.issued_at),
    expiresAt: Number(row.expires_at),
  }
}

/** A session that ended: its id (the SHA-256 of its token) and account. */
export type EndedSession = { id: string; address: string; chainId: number; accountType: AccountType }

/**
 * Revokes a session server-side (logout), durably: a power loss right after cannot bring it back.
 * Returns the session it ended, undefined when there was none.
 */
export async function deleteSession(db: StoreDatabase, token: string): Promise<EndedSession | undefined> {
  const rows = await writeDurably(db, (durable) =>
    durable
      .deleteFrom('sessions')
      .where('id', '=', sessionId(token))
      .returning(['id', 'address', 'chain_id', 'account_type'])
      .execute(),
  )
  return rows[0] && endedSession(rows[0])
}

export function endedSession(row: {
  id: string
  address: string
  chain_id: number
  account_type: string
}): EndedSession {
  return {
    id: row.id,
    address: row.address,
    chainId: Number(row.chain_id),
    accountType: row.account_type as AccountType,
  }
}

export type SweptRows = {
  nonces: number
  sessions: number
  /** The expired sessions, each to be recorded as ended. */
  endedSessions: EndedSession[]
  /** Nonces held by pending Safe sign-ins that expired unused: their account and nonce prefix source. */
  expiredHolds: { nonce: string; account: string }[]
}

/**
 * Deletes expired nonces and sessions; consumed nonces go once expired too. The deleted sessions and
 * unused held nonces come back (`delete … returning`), so that when several processes sweep one
 * database, each row is reported by the one process that deleted it.
 */
export async function sweepExpired(db: StoreDatabase, now: number): Promise<SweptRows> {
  const nonces = await db
    .deleteFrom('nonces')
    .where('expires_at', '<=', now)
    .returning(['nonce', 'held_for', 'consumed_at'])
    .execute()
  const sessions = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', now)
    .returning(['id', 'address', 'chain_id', 'account_type'])
    .execute()
  return {
    nonces: nonces.length,
    sessions: sessions.length,
    endedSessions: sessions.map(endedSession),
    expiredHolds: nonces.flatMap((row) =>
      row.held_for !== null && row.consumed_at === null ? [{ nonce: row.nonce, account: row.held_for }] : [],
    ),
  }
}

type SqliteSignIn = { nonce: string; id: string; session: Session }
type Sqlite = NonNullable<StoreDatabase['sqlite']>
const signInTransactions = new WeakMap<Sqlite, (jobs: SqliteSignIn[]) => boolean[]>()

/** The compiled statements and transaction of a batch of sign-ins, once per connection. */
function signInTransaction(sqlite: Sqlite): (jobs: SqliteSignIn[]) => boolean[] {
  let run = signInTransactions.get(sqlite)
  if (!run) {
    const consume = sqlite.prepare(
      'update nonces set consumed_at = ? where nonce = ? and consumed_at is null and expires_at > ?',
    )
    const insert = sqlite.prepare(
      'insert into sessions (id, address, chain_id, account_type, issued_at, expires_at) values (?, ?, ?, ?, ?, ?)',
    )
    run = sqlite.transaction((jobs: SqliteSignIn[]) =>
      jobs.map(({ nonce, id, session }) => {
        if (consume.run(session.issuedAt, nonce, session.issuedAt).changes !== 1) return false
        insert.run(
          id,
          session.address,
          session.chainId,
          session.accountType,
          session.issuedAt,
          session.expiresAt,
        )
        return true
      }),
    )
    signInTransactions.set(sqlite, run)
  }
  return run
}
type SqliteBatch = { jobs: SqliteSignIn[]; done: Promise<boolean[]> }
const pendingBatches = new WeakMap<StoreDatabase, SqliteBatch>()

/**
 * SQLite: the sign-ins that reach this point in the same event-loop turn share one transaction — one WAL
 * commit instead of one each — run synchronously on the raw connection inside Kysely's connection lock.
 * Each keeps its own conditional UPDATE, so a nonce is still consumed at most once; the write lock is held
 * for the synchronous statements only, never across an await (which made writers of other processes
 * wait, SIGNET_WORKERS). Resolves to whether this sign-in's nonce was consumed and its session written.
 */
function consumeOnSqlite(db: StoreDatabase, sqlite: Sqlite, job: SqliteSignIn): Promise<boolean> {
  let batch = pendingBatches.get(db)
  if (!batch) {
    const jobs: SqliteSignIn[] = []
    const done = new Promise<boolean[]>((resolve, reject) => {
      setImmediate(() => {
        pendingBatches.delete(db)
        const runAll = signInTransaction(sqlite)
        db.connection()
          .execute(async () => runAll(jobs))
          .then(resolve, reject)
      })
    })
    batch = { jobs, done }
    pendingBatches.set(db, batch)
  }
  const index = batch.jobs.push(job) - 1
  return batch.done.then((results) => results[index] ?? false)
}
