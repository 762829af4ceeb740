import type { StoreDatabase } from './database.ts'

/**
 * Gives a live nonce a new expiry, for a Safe sign-in that waits for its co-owners (issue 6). One
 * conditional UPDATE: a nonce that is unknown, already used or already expired matches nothing, so a
 * dead nonce can never be brought back. The new expiry may be earlier than the old one (a message that
 * expires sooner cannot be used later anyway).
 *
 * @returns whether the nonce was live and now expires at `expiresAt`.
 * @example await holdNonce(db, 'Xq3…', Date.now(), Date.now() + 7 * 86_400_000)
 */
export async function holdNonce(
  db: StoreDatabase,
  nonce: string,
  now: number,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('nonces')
    .set({ expires_at: expiresAt })
    .where('nonce', '=', nonce)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}
