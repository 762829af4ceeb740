import type { StoreDatabase } from '../store/database.ts'
import { sessionId } from '../store/session-store.ts'

/**
 * A Safe's sign-in for an application completes when its owners have confirmed — possibly hours after
 * the authorization request that started it, which by then is gone (applications drop their state after
 * minutes). The completion is kept for the browser's Signet session and that application; the next
 * authorization request from the browser finishes with it at once, and only once.
 */

/** Records a completed Safe sign-in of the session `token` for `clientId` (a newer one replaces it). */
export async function saveSafeCompletion(
  db: StoreDatabase,
  completion: { token: string; clientId: string; accountId: string; completedAt: number },
): Promise<void> {
  const row = {
    account_id: completion.accountId,
    completed_at: completion.completedAt,
    consumed_at: null,
  }
  await db
    .insertInto('oidc_safe_completions')
    .values({ session_id: sessionId(completion.token), client_id: completion.clientId, ...row })
    .onConflict((conflict) => conflict.columns(['session_id', 'client_id']).doUpdateSet(row))
    .execute()
}

/** Whether the session has a completed Safe sign-in for the client that was not used yet. */
export async function hasSafeCompletion(
  db: StoreDatabase,
  token: string,
  clientId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_safe_completions')
    .select('completed_at')
    .where('session_id', '=', sessionId(token))
    .where('client_id', '=', clientId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Takes the completed Safe sign-in, once: a conditional UPDATE, so of two concurrent requests (two tabs,
 * two processes) one gets it. Returns its account and completion time, or undefined.
 */
export async function consumeSafeCompletion(
  db: StoreDatabase,
  token: string,
  clientId: string,
  now: number,
): Promise<{ accountId: string; completedAt: number } | undefined> {
  const id = sessionId(token)
  const consumed = await db
    .updateTable('oidc_safe_completions')
    .set({ consumed_at: now })
    .where('session_id', '=', id)
    .where('client_id', '=', clientId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
  if (consumed.numUpdatedRows !== 1n) return undefined
  const row = await db
    .selectFrom('oidc_safe_completions')
    .select(['account_id', 'completed_at'])
    .where('session_id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
  return row ? { accountId: row.account_id, completedAt: Number(row.completed_at) } : undefined
}
