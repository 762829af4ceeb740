import type { StoreDatabase } from '../store/database.ts'

/**
 * One watcher per chain among every process on the database: a row of `watch_leases` names the holder
 * until `expires_at`. Taking and renewing are one conditional UPDATE (the holder itself, or anyone once
 * the lease ran out), atomic in SQLite and Postgres alike, so two processes never both hold it. A holder
 * that dies stops renewing, and another takes over once the period ran out. Times are the processes'
 * clocks: machines on one Postgres must keep their clocks in sync (NTP), as for the sessions' expiry.
 */
export class WatchLease {
  constructor(
    private readonly db: StoreDatabase,
    readonly chainId: number,
    readonly holder: string,
    private readonly periodMs: number,
  ) {}

  /** Takes the lease or renews it; whether this holder has it now, until `now + period`. */
  async acquire(now: number): Promise<boolean> {
    const expiresAt = now + this.periodMs
    const taken = await this.db
      .updateTable('watch_leases')
      .set({ holder: this.holder, expires_at: expiresAt })
      .where('chain_id', '=', this.chainId)
      .where((where) => where.or([where('holder', '=', this.holder), where('expires_at', '<=', now)]))
      .executeTakeFirst()
    if (taken.numUpdatedRows === 1n) return true
    // No row yet for this chain: the first insert wins, a concurrent one does nothing.
    const inserted = await this.db
      .insertInto('watch_leases')
      .values({ chain_id: this.chainId, holder: this.holder, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('chain_id').doNothing())
      .executeTakeFirst()
    return (inserted.numInsertedOrUpdatedRows ?? 0n) === 1n
  }

  /** Whether this holder has the lease at `now` (a check before writing what it handled). */
  async holds(now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('watch_leases')
      .select('chain_id')
      .where('chain_id', '=', this.chainId)
      .where('holder', '=', this.holder)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Gives the lease up (a clean stop): another process may take it at once. */
  async release(): Promise<void> {
    await this.db
      .updateTable('watch_leases')
      .set({ expires_at: 0 })
      .where('chain_id', '=', this.chainId)
      .where('holder', '=', this.holder)
      .execute()
  }
}

/** The current holder of a chain's lease, if live (for operators and tests). */
export async function leaseHolder(
  db: StoreDatabase,
  chainId: number,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('watch_leases')
    .select('holder')
    .where('chain_id', '=', chainId)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row?.holder
}
