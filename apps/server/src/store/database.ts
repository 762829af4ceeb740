import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import {
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely'
import pg from 'pg'
import type { SignetConfig } from '../config/config.ts'

/** Tables of the store. Times are milliseconds since the epoch. */
export type StoreSchema = {
  nonces: {
    nonce: string
    issued_at: number
    expires_at: number
    consumed_at: number | null
  }
  sessions: {
    /** SHA-256 of the cookie token: a leaked database does not leak live cookies. */
    id: string
    address: string
    chain_id: number
    account_type: string
    issued_at: number
    expires_at: number
  }
  /** oidc-provider's models (grants, codes, tokens, sessions, interactions): one row per model and id. */
  oidc_models: {
    model: string
    id: string
    /** The model's payload as JSON. */
    payload: string
    grant_id: string | null
    user_code: string | null
    uid: string | null
    /** Null: no expiry. */
    expires_at: number | null
    consumed_at: number | null
  }
  /** Secrets every process must share: the provider's signing keys and cookie keys (JSON). */
  oidc_secrets: {
    name: string
    value: string
    created_at: number
  }
  /** What an account proved at its latest sign-in through the provider: the source of its claims. */
  oidc_accounts: {
    /** CAIP-10: `eip155:<chainId>:<EIP-55 address>`. */
    account_id: string
    address: string
    chain_id: number
    account_type: string
    /** JSON list of EIP-55 owner addresses, for a Safe. */
    safe_owners: string | null
    safe_threshold: number | null
    safe_version: string | null
    /** When the signature was verified (ms). */
    signed_in_at: number
  }
  /**
   * A Safe's sign-in for an application that completed (its owners confirmed) after the authorization
   * request that started it: the next request of the same browser (its Signet session) finishes with it,
   * once.
   */
  /** Per-client request counters (fixed one-minute windows), shared by every process on the database. */
  rate_limits: {
    /** `<limit name>:<client address>`. */
    key: string
    window_end: number
    count: number
  }
  oidc_safe_completions: {
    /** SHA-256 of the Signet session token, as `sessions.id`. */
    session_id: string
    client_id: string
    account_id: string
    completed_at: number
    consumed_at: number | null
  }
}

export type StoreDatabase = Kysely<StoreSchema> & {
  readonly dialectKind: 'sqlite' | 'postgres'
  /** SQLite only: the connection under Kysely, for the sign-in's hot path (use inside `db.connection()`). */
  readonly sqlite?: SQLite.Database
}

// Migrations are code, applied in name order on start (both dialects take the same statements).
const migrations: Record<string, Migration> = {
  '0001_nonces_and_sessions': {
    async up(db) {
      await db.schema
        .createTable('nonces')
        .addColumn('nonce', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('issued_at', 'bigint', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute()
      await db.schema.createIndex('nonces_expires_at').on('nonces').column('expires_at').execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('address', 'varchar(42)', (column) => column.notNull())
        .addColumn('chain_id', 'bigint', (column) => column.notNull())
        .addColumn('account_type', 'varchar(16)', (column) => column.notNull())
        .addColumn('issued_at', 'bigint', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute()
    },
  },
  '0002_oidc_provider': {
    async up(db) {
      await db.schema
        .createTable('oidc_models')
        .addColumn('model', 'varchar(64)', (column) => column.notNull())
        .addColumn('id', 'varchar(255)', (column) => column.notNull())
        .addColumn('payload', 'text', (column) => column.notNull())
        .addColumn('grant_id', 'varchar(255)')
        .addColumn('user_code', 'varchar(255)')
        .addColumn('uid', 'varchar(255)')
        .addColumn('expires_at', 'bigint')
        .addColumn('consumed_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_models_pk', ['model', 'id'])
        .execute()
      await db.schema.createIndex('oidc_models_grant_id').on('oidc_models').column('grant_id').execute()
      await db.schema.createIndex('oidc_models_uid').on('oidc_models').columns(['model', 'uid']).execute()
      await db.schema.createIndex('oidc_models_expires_at').on('oidc_models').column('expires_at').execute()
      await db.schema
        .createTable('oidc_secrets')
        .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute()
      await db.schema
        .createTable('oidc_accounts')
        .addColumn('account_id', 'varchar(128)', (column) => column.primaryKey())
        .addColumn('address', 'varchar(42)', (column) => column.notNull())
        .addColumn('chain_id', 'bigint', (column) => column.notNull())
        .addColumn('account_type', 'varchar(16)', (column) => column.notNull())
        .addColumn('safe_owners', 'text')
        .addColumn('safe_threshold', 'integer')
        .addColumn('safe_version', 'varchar(32)')
        .addColumn('signed_in_at', 'bigint', (column) => column.notNull())
        .execute()
      await db.schema
        .createTable('oidc_safe_completions')
        .addColumn('session_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('client_id', 'varchar(100)', (column) => column.notNull())
        .addColumn('account_id', 'varchar(128)', (column) => column.notNull())
        .addColumn('completed_at', 'bigint', (column) => column.notNull())
        .addColumn('consumed_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_safe_completions_pk', ['session_id', 'client_id'])
        .execute()
    },
  },
  '0003_shared_rate_limits': {
    async up(db) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(200)', (column) => column.primaryKey())
        .addColumn('window_end', 'bigint', (column) => column.notNull())
        .addColumn('count', 'integer', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('rate_limits_window_end').on('rate_limits').column('window_end').execute()
    },
  },
}

/**
 * Opens the database named by the configuration and brings its schema up to date.
 *
 * @example const db = await openDatabase({ kind: 'sqlite', path: ':memory:' })
 */
export async function openDatabase(database: SignetConfig['database']): Promise<StoreDatabase> {
  const sqlite = database.kind === 'sqlite' ? openSqliteConnection(database.path) : undefined
  const db = sqlite ? sqliteKysely(sqlite) : openPostgres((database as { url: string }).url)
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error } = await migrator.migrateToLatest()
  if (error) {
    await db.destroy()
    throw new Error(`database migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  return Object.assign(db, { dialectKind: database.kind, sqlite })
}

function openSqliteConnection(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  // WAL lets readers run beside the writer; busy_timeout waits for a lock instead of failing when a
  // second process (e.g. the CLI) writes at the same time.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  // NORMAL: a commit is not fsynced (the WAL is, at each checkpoint). better-sqlite3 is synchronous, so
  // with FULL every nonce and session write blocked the event loop for one fsync (~3 ms on this disk,
  // two per sign-in). A process crash (even SIGKILL) loses nothing; a power loss or OS crash may roll
  // back the last commits, never corrupt the file: a lost nonce means "sign in again", a lost sign-in
  // loses its session and its nonce consumption together. Logout alone is written with FULL
  // (`writeDurably`), so a revoked session cannot come back. See docs/SECURITY.md.
  sqlite.pragma('synchronous = NORMAL')
  return sqlite
}

function sqliteKysely(sqlite: SQLite.Database): Kysely<StoreSchema> {
  return new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
}

// Kysely prepares every query it runs, and better-sqlite3 compiles SQL on each prepare(); the store runs
// a handful of fixed query shapes, so compiled statements are kept by their text (bounded, in case).
const maxCachedStatements = 256

function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text)
      if (statement === undefined) {
        statement = sqlite.prepare(text)
        if (statements.size < maxCachedStatements) statements.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * Runs a write that must survive a power loss as soon as it returns. On SQLite (synchronous NORMAL) the
 * connection is switched to FULL for it, so its commit fsyncs the WAL; Postgres commits durably anyway.
 *
 * @example await writeDurably(db, (trx) => trx.deleteFrom('sessions').where('id', '=', id).execute())
 */
export async function writeDurably<T>(
  db: StoreDatabase,
  write: (db: Kysely<StoreSchema>) => Promise<T>,
): Promise<T> {
  if (db.dialectKind !== 'sqlite') return write(db)
  // One connection, held for the three statements: no other query runs under FULL by accident.
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = FULL`.execute(connection)
    try {
      return await write(connection)
    } finally {
      await sql`pragma synchronous = NORMAL`.execute(connection)
    }
  })
}

function openPostgres(url: string): Kysely<StoreSchema> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // int8 columns hold millisecond times and chain ids, all far below 2^53.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
    },
  })
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it and the next query reports a real failure.
  pool.on('error', () => {})
  return new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool }) })
}

/**
 * The names of this version's migrations not applied to the database (none once `openDatabase` has
 * run): for the readiness probe.
 */
export async function pendingMigrations(db: Kysely<StoreSchema>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  return (await migrator.getMigrations()).filter((migration) => !migration.executedAt).map((m) => m.name)
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<StoreSchema>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
