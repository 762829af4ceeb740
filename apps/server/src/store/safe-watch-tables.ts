import type { Migration } from 'kysely'

/** The Safe watcher's tables (migration `0008_safe_watch`). Times are milliseconds since the epoch. */
export type SafeWatchTables = {
  /**
   * The smart accounts (Safes) with something live that their owners' proof made: a Signet session, an
   * OpenID Connect grant or refresh token. Kept until `expires_at`, the latest expiry of those.
   */
  safe_watch: {
    chain_id: number
    /** EIP-55. */
    address: string
    first_seen_at: number
    expires_at: number
  }
  /**
   * The blocks handled so far per chain, newest last: the highest is the cursor; the older ones (a few
   * dozen) let a reorg be followed back to the block where the chains agree.
   */
  safe_watch_blocks: {
    chain_id: number
    block_number: number
    block_hash: string
  }
  /** Which process watches a chain: one holder at a time, until `expires_at` unless renewed. */
  watch_leases: {
    chain_id: number
    holder: string
    expires_at: number
  }
  /**
   * Each Safe change acted on, once: the row is written in the transaction that ends the account's
   * sessions, so a change read twice (a restart, a takeover, a reorg) is handled once.
   */
  safe_changes: {
    chain_id: number
    address: string
    tx_hash: string
    block_number: number
    block_hash: string
    /** JSON: the event names of the transaction, in log order. */
    events: string
    handled_at: number
  }
}

export const safeWatchMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('safe_watch')
      .addColumn('chain_id', 'bigint', (column) => column.notNull())
      .addColumn('address', 'varchar(42)', (column) => column.notNull())
      .addColumn('first_seen_at', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('safe_watch_pk', ['chain_id', 'address'])
      .execute()
    await db.schema.createIndex('safe_watch_expires_at').on('safe_watch').column('expires_at').execute()
    await db.schema
      .createTable('safe_watch_blocks')
      .addColumn('chain_id', 'bigint', (column) => column.notNull())
      .addColumn('block_number', 'bigint', (column) => column.notNull())
      .addColumn('block_hash', 'varchar(66)', (column) => column.notNull())
      .addPrimaryKeyConstraint('safe_watch_blocks_pk', ['chain_id', 'block_number'])
      .execute()
    await db.schema
      .createTable('watch_leases')
      .addColumn('chain_id', 'bigint', (column) => column.primaryKey())
      .addColumn('holder', 'varchar(200)', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute()
    await db.schema
      .createTable('safe_changes')
      .addColumn('chain_id', 'bigint', (column) => column.notNull())
      .addColumn('address', 'varchar(42)', (column) => column.notNull())
      .addColumn('tx_hash', 'varchar(66)', (column) => column.notNull())
      .addColumn('block_number', 'bigint', (column) => column.notNull())
      .addColumn('block_hash', 'varchar(66)', (column) => column.notNull())
      .addColumn('events', 'text', (column) => column.notNull())
      .addColumn('handled_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('safe_changes_pk', ['chain_id', 'address', 'tx_hash'])
      .execute()
    // Ending an account finds its sessions by account.
    await db.schema.createIndex('sessions_account').on('sessions').columns(['chain_id', 'address']).execute()
  },
}
