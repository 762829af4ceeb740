import type { StoreDatabase } from './database.ts'

/**
 * Gives a live nonce a new expiry, for a Safe sign-in that waits for its co-owners, and marks
 * it as held for `account` (CAIP-10), so an operator's revocation finds the account's pending sign-ins. One
 * conditional UPDATE: a nonce that is unknown, already used or already expired matches nothing, so a
 * dead nonce can never be brought back. The new expiry may be earlier than the old one (a message that
 * expires sooner cannot be used later anyway).
 *
 * @returns undefined when the nonce was not live; else whether this call is the first to hold it.
 * @example await holdNonce(db, 'Xq3…', Date.now(), Date.now() + 7 * 86_400_000, 'eip155:1:0x…')
 */
export async function holdNonce(
  db: StoreDatabase,
  nonce: string,
  now: number,
  expiresAt: number,
  account: string,
): Promise<{ firstHold: boolean } | undefined> {
  const before = await db
    .selectFrom('nonces')
    .select('held_for')
    .where('nonce', '=', nonce)
    .executeTakeFirst()
  const result = await db
    .updateTable('nonces')
    .set({ expires_at: expiresAt, held_for: account })
    .where('nonce', '=', nonce)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (result.numUpdatedRows !== 1n) return undefined
  return { firstHold: before?.held_for !== account }
}

/** The account a nonce was held for by a pending Safe sign-in (consumed or not), if any. */
export async function heldNonceAccount(db: StoreDatabase, nonce: string): Promise<string | undefined> {
  const row = await db.selectFrom('nonces').select('held_for').where('nonce', '=', nonce).executeTakeFirst()
  return row?.held_for ?? undefined
}
