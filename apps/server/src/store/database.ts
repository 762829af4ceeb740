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
import { type SafeWatchTables, safeWatchMigration } from './safe-watch-tables.ts'

/** Tables of the store. Times are milliseconds since the epoch. */
export type StoreSchema = SafeWatchTables & {
  nonces: {
    nonce: string
    issued_at: number
    expires_at: number
    consumed_at: number | null
    /** CAIP-10 account of a pending Safe sign-in holding this nonce (`POST /api/auth/pending`), else null. */
    held_for: string | null
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
    /** CAIP-10 account the model belongs to (payload `accountId`), so an account can be revoked by index. */
    account_id: string | null
  }
  /**
   * Secrets every process must share: the provider's cookie keys, and its first signing key (JSON) from
   * which `oidc_signing_keys` starts.
   */
  oidc_secrets: {
    name: string
    value: string
    created_at: number
  }
  /**
   * The provider's signing keys (when `SIGNET_OIDC_JWKS` is not set), managed by `signet keys`. Rows are
   * never deleted and a retirement is never undone: every process notices a change by counting them.
   */
  oidc_signing_keys: {
    kid: string
    /** The private JWK (RS256, with its kid) as JSON. */
    private_jwk: string
    created_at: number
    /** From when it may sign; until then it is only published, so relying parties' JWKS caches get it. */
    signs_from: number
    /** When `signet keys retire` stopped it signing; null: not retired. */
    retired_at: number | null
    /** When it leaves the JWKS (no token it signed can still be valid then); null: not retired. */
    published_until: number | null
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
  /**
   * Logout tokens owed to applications (OpenID Connect Back-Channel Logout), kept until delivered or
   * given up. See backchannel-logout/logout-deliveries.ts.
   */
  logout_deliveries: {
    /** UUID; not the token's `jti` (every attempt signs a new token). */
    id: string
    client_id: string
    /** The account (CAIP-10), the tokens' `sub`. */
    sub: string
    /** The provider session's `sid` for this client; '' when the ending is account-wide. */
    sid: string
    /** Why the session ended: `signet_logout`, `application_logout`, `account_revoked`, … */
    reason: string
    created_at: number
    /** Failed attempts so far. */
    attempts: number
    next_attempt_at: number
    /** A process sending it holds it until then (a crashed one's claim runs out); null: free. */
    claimed_until: number | null
    /** The claim's random id, so a process settles only the rows it claimed. */
    claim: string | null
    last_error: string | null
  }
  /** The audit trail: append-only (only the retention sweep deletes). See audit/audit-event.ts. */
  audit_events: {
    /** UUIDv7: time-ordered, so events of one millisecond keep the order they were recorded in. */
    id: string
    occurred_at: number
    type: string
    /** CAIP-10 `eip155:<chainId>:<EIP-55 address>`, or null. */
    account: string | null
    client_id: string | null
    client_ip: string | null
    request_id: string | null
    /** JSON object; never a signature, token, cookie or full nonce. */
    details: string
  }
}

export type StoreDatabase = Kysely<StoreSchema> & {
  readonly dialectKind: 'sqlite' | 'postgres'
  /** SQLite only: the connection under Kysely, for the sign-in's hot path (use inside `db.connection()`). */
  readonly sqlite?: SQLite.Database
}

// Migrations are code, applied in name order on start (both dialects take the same statements).
export const storeMigrations: Record<string, Migration> = {
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
  '0004_audit_events': {
    async up(db) {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
        .addColumn('occurred_at', 'bigint', (column) => column.notNull())
        .addColumn('type', 'varchar(32)', (column) => column.notNull())
        .addColumn('account', 'varchar(128)')
        .addColumn('client_id', 'varchar(100)')
        .addColumn('client_ip', 'varchar(64)')
        .addColumn('request_id', 'varchar(64)')
        .addColumn('details', 'text', (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex('audit_events_occurred_at')
        .on('audit_events')
        .column('occurred_at')
        .execute()
      await db.schema.createIndex('audit_events_account').on('audit_events').column('account').execute()
    },
  },
  // An operator's revocation finds an account's provider rows and pending Safe sign-ins by index.
  '0005_account_columns': {
    async up(db) {
      await db.schema.alterTable('oidc_models').addColumn('account_id', 'varchar(128)').execute()
      await db.schema.createIndex('oidc_models_account_id').on('oidc_models').column('account_id').execute()
      await db.schema.alterTable('nonces').addColumn('held_for', 'varchar(128)').execute()
      await db.schema.createIndex('nonces_held_for').on('nonces').column('held_for').execute()
      // Rows written before this migration: their account is in the payload.
      const rows: { model: string; id: string; payload: string }[] = await db
        .selectFrom('oidc_models')
        .select(['model', 'id', 'payload'])
        .execute()
      for (const row of rows) {
        const accountId = payloadAccountId(JSON.parse(row.payload) as Record<string, unknown>)
        if (accountId === null) continue
        await db
          .updateTable('oidc_models')
          .set({ account_id: accountId })
          .where('model', '=', row.model)
          .where('id', '=', row.id)
          .execute()
      }
    },
  },
  // The keys start empty: the first process (or `signet keys`) copies the key of `oidc_secrets`'
  // `signing_jwks` into it, keeping its kid, or generates one (oidc/signing-keys.ts).
  '0006_oidc_signing_keys': {
    async up(db) {
      await db.schema
        .createTable('oidc_signing_keys')
        .addColumn('kid', 'varchar(100)', (column) => column.primaryKey())
        .addColumn('private_jwk', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('signs_from', 'bigint', (column) => column.notNull())
        .addColumn('retired_at', 'bigint')
        .addColumn('published_until', 'bigint')
        .execute()
    },
  },
  '0007_logout_deliveries': {
    async up(db) {
      await db.schema
        .createTable('logout_deliveries')
        .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
        .addColumn('client_id', 'varchar(100)', (column) => column.notNull())
        .addColumn('sub', 'varchar(128)', (column) => column.notNull())
        .addColumn('sid', 'varchar(128)', (column) => column.notNull())
        .addColumn('reason', 'varchar(32)', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull())
        .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('claim', 'varchar(36)')
        .addColumn('last_error', 'varchar(500)')
        .execute()
      // One pending token per application, session and reason: enqueuing the same ending twice is one.
      await db.schema
        .createIndex('logout_deliveries_unique')
        .on('logout_deliveries')
        .columns(['client_id', 'sub', 'sid', 'reason'])
        .unique()
        .execute()
      await db.schema
        .createIndex('logout_deliveries_next_attempt_at')
        .on('logout_deliveries')
        .column('next_attempt_at')
        .execute()
    },
  },
  '0008_safe_watch': safeWatchMigration,
}

/**
 * The account an oidc-provider model belongs to: `accountId` (grants, sessions, codes, tokens), or the
 * session or login of an interaction.
 */
export function payloadAccountId(payload: Record<string, unknown>): string | null {
  const nested = (value: unknown, key: string) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  const candidates = [
    payload.accountId,
    nested(payload.session, 'accountId'),
    nested(nested(payload.result, 'login'), 'accountId'),
  ]
  const found = candidates.find((candidate) => typeof candidate === 'string')
  return typeof found === 'string' ? found : null
}

/**
 * Opens the database named by the configuration and brings its schema up to date.
 *
 * @example const db = await openDatabase({ kind: 'sqlite', path: ':memory:' })
 */
export async function openDatabase(database: SignetConfig['database']): Promise<StoreDatabase> {
  const sqlite = database.kind === 'sqlite' ? openSqliteConnection(database.path) : undefined
  const db = sqlite ? sqliteKysely(sqlite) : openPostgres((database as { url: string }).url)
  const migrator = new Migrator({ db, provider: { getMigrations: async () => storeMigrations } })
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
  const migrator = new Migrator({ db, provider: { getMigrations: async () => storeMigrations } })
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
