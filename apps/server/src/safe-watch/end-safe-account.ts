import { caip10AccountId } from '../oidc/oidc-account.ts'
import { type StoreDatabase, writeDurably } from '../store/database.ts'

/** What ending an account ended. */
export type EndedAccount = {
  /** Signet sessions (`sessions` rows). */
  sessions: number
  /** oidc-provider rows (grants, provider sessions, codes, tokens, interactions) of the account. */
  oidcModels: number
  /** Completed Safe sign-ins kept for an application's next request. */
  safeCompletions: number
}

/**
 * Ends every session, grant and token of an account in one durable transaction: its Signet sessions, its
 * OpenID Connect grants and everything issued under them, its provider sessions and interactions, and
 * its completed Safe sign-ins waiting for an application. Every request reads the database, so the next
 * one to any process is refused.
 *
 * The provider's rows carry the account only inside their JSON payload (`"accountId":"eip155:…"`), so
 * they are found with LIKE: a scan of `oidc_models`, acceptable for an event as rare as a Safe change.
 *
 * @example await endSafeAccount(db, { chainId: 1, address: '0xA3b8…' })
 */
export async function endSafeAccount(
  db: StoreDatabase,
  account: { chainId: number; address: string },
): Promise<EndedAccount> {
  const accountId = caip10AccountId(account.chainId, account.address)
  const address = accountId.slice(accountId.lastIndexOf(':') + 1)
  // JSON.stringify writes `"accountId":"…"` with no spaces; an account id holds no LIKE wildcard.
  const inPayload = `%"accountId":"${accountId}"%`
  return writeDurably(db, (durable) =>
    durable.transaction().execute(async (trx) => {
      const sessions = await trx
        .deleteFrom('sessions')
        .where('chain_id', '=', account.chainId)
        .where('address', '=', address)
        .executeTakeFirst()
      const grants = await trx
        .selectFrom('oidc_models')
        .select('id')
        .where('model', '=', 'Grant')
        .where('payload', 'like', inPayload)
        .execute()
      const grantIds = grants.map((grant) => grant.id)
      const oidcModels = await trx
        .deleteFrom('oidc_models')
        .where((where) =>
          where.or([
            where('payload', 'like', inPayload),
            ...(grantIds.length > 0 ? [where('grant_id', 'in', grantIds)] : []),
          ]),
        )
        .executeTakeFirst()
      const completions = await trx
        .deleteFrom('oidc_safe_completions')
        .where('account_id', '=', accountId)
        .executeTakeFirst()
      // What the account proved at its last sign-in is no longer true: its claims must not be served.
      await trx.deleteFrom('oidc_accounts').where('account_id', '=', accountId).execute()
      return {
        sessions: Number(sessions.numDeletedRows),
        oidcModels: Number(oidcModels.numDeletedRows),
        safeCompletions: Number(completions.numDeletedRows),
      }
    }),
  )
}
