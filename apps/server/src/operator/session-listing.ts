import type { AccountMatch } from '../store/account-match.ts'
import type { StoreDatabase } from '../store/database.ts'
import { type AccountType, endedSession } from '../store/session-store.ts'

/** A live Signet session as an operator sees it: its id is the SHA-256 of the cookie token, never the token. */
export type ListedSession = {
  id: string
  address: string
  chainId: number
  accountType: AccountType
  issuedAt: number
  expiresAt: number
}

/** The live sessions (of one account when given), newest first. */
export async function listLiveSessions(
  db: StoreDatabase,
  now: number,
  account?: AccountMatch,
): Promise<ListedSession[]> {
  let query = db.selectFrom('sessions').selectAll().where('expires_at', '>', now)
  if (account) {
    query = query.where('address', '=', account.address)
    if (account.chainId !== undefined) query = query.where('chain_id', '=', account.chainId)
  }
  const rows = await query.orderBy('issued_at', 'desc').orderBy('id').execute()
  return rows.map(listedSession)
}

/** Session ids are 64 hex digits; an operator names one by a prefix of at least this many. */
export const minimumSessionIdPrefix = 8

/** The live sessions whose id starts with `prefix` (lowercase hex digits only: no LIKE wildcard). */
export async function findSessionsByIdPrefix(
  db: StoreDatabase,
  prefix: string,
  now: number,
): Promise<ListedSession[]> {
  if (!/^[0-9a-f]+$/.test(prefix)) return []
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('id', 'like', `${prefix}%`)
    .where('expires_at', '>', now)
    .execute()
  return rows.map(listedSession)
}

function listedSession(row: {
  id: string
  address: string
  chain_id: number
  account_type: string
  issued_at: number
  expires_at: number
}): ListedSession {
  return { ...endedSession(row), issuedAt: Number(row.issued_at), expiresAt: Number(row.expires_at) }
}
