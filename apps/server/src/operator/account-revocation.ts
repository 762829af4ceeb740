import type { Kysely } from 'kysely'
import { enqueueAccountLogout, type LogoutReason } from '../backchannel-logout/logout-deliveries.ts'
import { type AccountMatch, accountIdCondition } from '../store/account-match.ts'
import { type StoreDatabase, type StoreSchema, writeDurably } from '../store/database.ts'
import { type EndedSession, endedSession } from '../store/session-store.ts'

/** What a revocation ended. */
export type Revocation = {
  /** Signet sessions (`sessions` rows). */
  sessions: EndedSession[]
  /** oidc-provider rows deleted, by model (`Grant`, `Session`, `AccessToken`, `AuthorizationCode`, …). */
  oidcModels: Record<string, number>
  /** Pending Safe sign-ins whose held nonce was withdrawn. */
  pendingSafeSignIns: { nonce: string; account: string }[]
  /** Completed Safe sign-ins kept for an application's next request (oidc_safe_completions). */
  safeCompletions: number
}

/**
 * Ends everything an account holds, in one transaction: its Signet sessions, its OpenID Connect grants,
 * provider sessions, codes and tokens (rows of the account, and rows of its grants), its pending Safe
 * sign-ins and kept Safe completions. Nothing of these is cached in any process — every request reads
 * the database — so the next request to any process on the database is refused. On SQLite the commit
 * is durable (synchronous FULL), as a logout's is. In the same transaction, before the provider's rows
 * go, a back-channel logout token is queued for every application holding a grant of the account
 * (`reason`: why); the serving processes deliver them.
 *
 * @example const ended = await revokeAccount(db, { address: '0xf39F…' })
 */
export async function revokeAccount(
  db: StoreDatabase,
  account: AccountMatch,
  reason: LogoutReason = 'account_revoked',
): Promise<Revocation> {
  const { operator, value } = accountIdCondition(account)
  return writeDurably(db, (durable) =>
    inTransaction(durable, async (trx) => {
      await enqueueAccountLogout(trx, { accountId: account, reason })
      let sessions = trx.deleteFrom('sessions').where('address', '=', account.address)
      if (account.chainId !== undefined) sessions = sessions.where('chain_id', '=', account.chainId)
      const endedSessions = await sessions.returning(['id', 'address', 'chain_id', 'account_type']).execute()

      const grants = await trx
        .selectFrom('oidc_models')
        .select('id')
        .where('model', '=', 'Grant')
        .where('account_id', operator, value)
        .execute()
      const grantIds = grants.map((grant) => grant.id)
      const oidcRows = await trx
        .deleteFrom('oidc_models')
        .where((where) =>
          where.or([
            where('account_id', operator, value),
            ...(grantIds.length > 0 ? [where('grant_id', 'in', grantIds)] : []),
          ]),
        )
        .returning('model')
        .execute()

      const holds = await trx
        .deleteFrom('nonces')
        .where('held_for', operator, value)
        .where('consumed_at', 'is', null)
        .returning(['nonce', 'held_for'])
        .execute()
      const completions = await trx
        .deleteFrom('oidc_safe_completions')
        .where('account_id', operator, value)
        .executeTakeFirst()

      return {
        // In a stable order for the operator's output: by chain, then id.
        sessions: endedSessions
          .map(endedSession)
          .sort((a, b) => a.chainId - b.chainId || (a.id < b.id ? -1 : 1)),
        oidcModels: countModels(oidcRows),
        pendingSafeSignIns: holds.map((hold) => ({ nonce: hold.nonce, account: hold.held_for ?? '' })),
        safeCompletions: Number(completions.numDeletedRows),
      }
    }),
  )
}

/** Ends one Signet session, named by its full id (the SHA-256 of its token); nothing else. */
export async function revokeSession(db: StoreDatabase, id: string): Promise<Revocation> {
  const rows = await writeDurably(db, (durable) =>
    durable
      .deleteFrom('sessions')
      .where('id', '=', id)
      .returning(['id', 'address', 'chain_id', 'account_type'])
      .execute(),
  )
  return { sessions: rows.map(endedSession), oidcModels: {}, pendingSafeSignIns: [], safeCompletions: 0 }
}

/** Whether the revocation ended anything at all. */
export function revokedAnything(revocation: Revocation): boolean {
  return (
    revocation.sessions.length > 0 ||
    Object.values(revocation.oidcModels).some((count) => count > 0) ||
    revocation.pendingSafeSignIns.length > 0 ||
    revocation.safeCompletions > 0
  )
}

function countModels(rows: { model: string }[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { model } of rows) counts[model] = (counts[model] ?? 0) + 1
  return counts
}

// A connection-bound Kysely (writeDurably's) still opens a transaction of its own.
function inTransaction<T>(
  db: Kysely<StoreSchema>,
  run: (trx: Kysely<StoreSchema>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(run)
}
