import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { type AccountMatch, accountIdCondition } from '../store/account-match.ts'
import type { StoreSchema } from '../store/database.ts'

/**
 * The queue of logout tokens owed to applications (`logout_deliveries`): one row per application,
 * account, provider session and reason, kept until the application took it or Signet gave up. Enqueuing
 * needs only the database — an operator's command with no provider running enqueues, and every
 * `signet serve` process delivers (logout-deliverer.ts). The functions take a Kysely, so a caller may
 * enqueue inside its own transaction (the one that ends the sessions).
 */

/** Why an application's session ends. */
export type LogoutReason =
  /** The user signed out of Signet (`POST /api/auth/logout`). */
  | 'signet_logout'
  /** An application started the logout (RP-initiated logout, `end_session`). */
  | 'application_logout'
  /** An operator revoked the account (`signet sessions revoke`). */
  | 'account_revoked'
  /** A Safe's owners or threshold changed, so what its sign-in proved no longer holds. */
  | 'safe_owners_changed'

export type LogoutDeliveryRequest = {
  clientId: string
  /** The account (CAIP-10): the token's `sub`. */
  sub: string
  /** The provider session's `sid` for this client, when known. */
  sid?: string | undefined
  reason: LogoutReason
}

export type LogoutDelivery = {
  id: string
  clientId: string
  sub: string
  /** Undefined: an account-wide ending (every session of `sub` at the application). */
  sid: string | undefined
  reason: LogoutReason
  createdAt: number
  attempts: number
  nextAttemptAt: number
}

// Ten columns a row: well under SQLite's bound of variables per statement.
const insertChunk = 500

/**
 * Queues logout tokens; a request already queued (same client, sub, sid and reason) is not queued twice.
 * Returns how many rows were added.
 *
 * @example await enqueueLogoutDeliveries(db, [{ clientId: 'wiki', sub, sid, reason: 'signet_logout' }])
 */
export async function enqueueLogoutDeliveries(
  db: Kysely<StoreSchema>,
  requests: readonly LogoutDeliveryRequest[],
  now: number = Date.now(),
): Promise<number> {
  let added = 0
  for (let start = 0; start < requests.length; start += insertChunk) {
    const rows = requests.slice(start, start + insertChunk).map((request) => ({
      id: randomUUID(),
      client_id: request.clientId,
      sub: request.sub,
      sid: request.sid ?? '',
      reason: request.reason,
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      claim: null,
      last_error: null,
    }))
    const result = await db
      .insertInto('logout_deliveries')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['client_id', 'sub', 'sid', 'reason']).doNothing())
      .executeTakeFirst()
    added += Number(result.numInsertedOrUpdatedRows ?? 0n)
  }
  return added
}

/** A provider session as oidc-provider stores it (the fields read here). */
type StoredProviderSession = {
  accountId?: string
  authorizations?: Record<string, { sid?: string; grantId?: string; persistsLogout?: boolean }>
}

/**
 * Queues a logout token for every application signed in through one provider session (the `_session`
 * cookie of a browser): `sub` is the session's account, `sid` its id for that application. Call it
 * before the session's rows are deleted. Returns how many rows were added (0: no such session).
 *
 * @example await enqueueSessionLogout(db, { sessionId, reason: 'signet_logout' })
 */
export async function enqueueSessionLogout(
  db: Kysely<StoreSchema>,
  options: { sessionId: string; reason: LogoutReason; now?: number },
): Promise<number> {
  const row = await db
    .selectFrom('oidc_models')
    .select('payload')
    .where('model', '=', 'Session')
    .where('id', '=', options.sessionId)
    .executeTakeFirst()
  if (!row) return 0
  return enqueueLogoutDeliveries(db, sessionRequests(parseSession(row.payload), options.reason), options.now)
}

/**
 * Queues a logout token for every application holding a session or a grant of the account: one per
 * provider session that signed it in there (with that session's `sid`), and one without `sid` (every
 * session of `sub`) for an application holding a grant of no live provider session — e.g. one kept
 * signed in by a refresh token. It only queues: end the account's sessions and grants yourself after
 * it (or in the same transaction), e.g. with `revokeAccount`. Returns how many rows were added.
 *
 * `accountId` is a CAIP-10 account id, or an operator's match (`{ address }`: that address on every
 * chain; `{ address, chainId }`: one chain).
 *
 * @example await enqueueAccountLogout(db, { accountId: 'eip155:1:0xA3b8…', reason: 'account_revoked' })
 */
export async function enqueueAccountLogout(
  db: Kysely<StoreSchema>,
  options: { accountId: string | AccountMatch; reason: LogoutReason; now?: number },
): Promise<number> {
  const { operator, value } =
    typeof options.accountId === 'string'
      ? { operator: '=' as const, value: options.accountId }
      : accountIdCondition(options.accountId)
  const rows = await db
    .selectFrom('oidc_models')
    .select(['model', 'payload'])
    .where('model', 'in', ['Session', 'Grant'])
    .where('account_id', operator, value)
    .execute()
  const requests: LogoutDeliveryRequest[] = []
  const covered = new Set<string>()
  for (const row of rows) {
    if (row.model !== 'Session') continue
    for (const request of sessionRequests(parseSession(row.payload), options.reason)) {
      requests.push(request)
      covered.add(`${request.clientId} ${request.sub}`)
    }
  }
  for (const row of rows) {
    if (row.model !== 'Grant') continue
    const grant = JSON.parse(row.payload) as { clientId?: string; accountId?: string }
    if (!grant.clientId || !grant.accountId) continue
    const key = `${grant.clientId} ${grant.accountId}`
    if (covered.has(key)) continue
    covered.add(key)
    requests.push({ clientId: grant.clientId, sub: grant.accountId, reason: options.reason })
  }
  return enqueueLogoutDeliveries(db, requests, options.now)
}

function parseSession(payload: string): StoredProviderSession {
  return JSON.parse(payload) as StoredProviderSession
}

function sessionRequests(session: StoredProviderSession, reason: LogoutReason): LogoutDeliveryRequest[] {
  const sub = session.accountId
  if (!sub) return []
  return Object.entries(session.authorizations ?? {}).map(([clientId, authorization]) => ({
    clientId,
    sub,
    sid: authorization.sid,
    reason,
  }))
}

/**
 * Claims up to `limit` rows that are due and not held by another process, in one conditional UPDATE:
 * two processes never hold the same row, and a row whose claim ran out (its process died mid-send) is
 * taken again. The rows are this process's until `now + leaseMs`.
 */
export async function claimDueDeliveries(
  db: Kysely<StoreSchema>,
  options: { now: number; leaseMs: number; limit: number },
): Promise<{ claim: string; deliveries: LogoutDelivery[] }> {
  const { now } = options
  const claim = randomUUID()
  const rows = await db
    .updateTable('logout_deliveries')
    .set({ claim, claimed_until: now + options.leaseMs })
    .where('id', 'in', (select) =>
      select
        .selectFrom('logout_deliveries')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where((where) => where.or([where('claimed_until', 'is', null), where('claimed_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .limit(options.limit),
    )
    // Checked again on the row itself: on Postgres a concurrent claimer's UPDATE re-reads it after the
    // other's commit and then matches nothing.
    .where('next_attempt_at', '<=', now)
    .where((where) => where.or([where('claimed_until', 'is', null), where('claimed_until', '<=', now)]))
    .returningAll()
    .execute()
  return {
    claim,
    deliveries: rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      sub: row.sub,
      sid: row.sid === '' ? undefined : row.sid,
      reason: row.reason as LogoutReason,
      createdAt: Number(row.created_at),
      attempts: Number(row.attempts),
      nextAttemptAt: Number(row.next_attempt_at),
    })),
  }
}

/**
 * Removes a claimed row (delivered, given up, or owed to no one). False when the claim was no longer
 * this process's (it ran out and another process took the row).
 */
export async function settleDelivery(
  db: Kysely<StoreSchema>,
  delivery: { id: string },
  claim: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('logout_deliveries')
    .where('id', '=', delivery.id)
    .where('claim', '=', claim)
    .executeTakeFirst()
  return deleted.numDeletedRows === 1n
}

/** Releases a claimed row for a later attempt, counting the failed one. */
export async function rescheduleDelivery(
  db: Kysely<StoreSchema>,
  delivery: { id: string; attempts: number },
  claim: string,
  retry: { at: number; error: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('logout_deliveries')
    .set({
      attempts: delivery.attempts + 1,
      next_attempt_at: retry.at,
      claimed_until: null,
      claim: null,
      last_error: retry.error.slice(0, 500),
    })
    .where('id', '=', delivery.id)
    .where('claim', '=', claim)
    .executeTakeFirst()
  return updated.numUpdatedRows === 1n
}
