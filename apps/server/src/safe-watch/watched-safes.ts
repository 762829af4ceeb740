import { getAddress } from 'viem'
import type { StoreDatabase } from '../store/database.ts'

/**
 * Puts a smart account (a Safe) on its chain's watch list until `until` (ms) — or later, when it is
 * already there for longer. Called where a proof of its owners made something live: a Signet session,
 * an OpenID Connect login (grants and refresh tokens live up to the provider's longest TTL).
 *
 * @example await watchSafe(db, { chainId: 1, address, until: session.expiresAt }, Date.now())
 */
export async function watchSafe(
  db: StoreDatabase,
  safe: { chainId: number; address: string; until: number },
  now: number,
): Promise<void> {
  const address = getAddress(safe.address)
  await db
    .insertInto('safe_watch')
    .values({ chain_id: safe.chainId, address, first_seen_at: now, expires_at: safe.until })
    .onConflict((conflict) =>
      conflict.columns(['chain_id', 'address']).doUpdateSet((update) => ({
        // The later expiry wins: a short session does not cut the watch of a long grant.
        expires_at: update
          .case()
          .when(update.ref('safe_watch.expires_at'), '<', safe.until)
          .then(safe.until)
          .else(update.ref('safe_watch.expires_at'))
          .end(),
      })),
    )
    .execute()
}

/** The addresses on the chain's watch list now (EIP-55), in a stable order. */
export async function watchedSafeAddresses(
  db: StoreDatabase,
  chainId: number,
  now: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('safe_watch')
    .select('address')
    .where('chain_id', '=', chainId)
    .where('expires_at', '>', now)
    .orderBy('address')
    .execute()
  return rows.map((row) => row.address)
}

/** Deletes the watch of accounts whose sessions, grants and tokens have all expired. */
export async function sweepWatchedSafes(db: StoreDatabase, now: number): Promise<number> {
  const deleted = await db.deleteFrom('safe_watch').where('expires_at', '<=', now).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
