import type { Logger } from 'pino'
import { sessionIdPrefix } from '../audit/audit-event.ts'
import type { AuditTrail } from '../audit/audit-trail.ts'
import { sessionAccount } from '../audit/http-audit.ts'
import { type Revocation, revokeAccount } from '../operator/account-revocation.ts'
import { shortNonce } from '../request/request-log.ts'
import { caip10AccountId } from '../store/account-match.ts'
import type { StoreDatabase } from '../store/database.ts'
import type { AccountEnded, AccountEndedHooks, SafeChange } from './account-ended-hooks.ts'

/**
 * Acts on one Safe change: ends the account's sessions, grants, tokens and pending Safe sign-ins (the
 * same `revokeAccount` as the operator's `signet sessions revoke`), records the change in
 * `safe_changes`, writes the audit trail, and — when this call is the one that recorded the change —
 * tells the subscribers.
 *
 * The order makes a crash harmless: a change already recorded is skipped; one not yet recorded is acted
 * on again after a restart or a takeover (ending is idempotent), and announced by whichever process's
 * insert lands, so subscribers hear of each change once across every process.
 *
 * @returns the announcement, or undefined when the change had already been handled.
 */
export async function handleSafeChange(
  context: { db: StoreDatabase; hooks: AccountEndedHooks; audit: AuditTrail | undefined; log: Logger },
  change: SafeChange,
  now: () => number = Date.now,
): Promise<AccountEnded | undefined> {
  const { db, hooks, audit, log } = context
  const handled = await db
    .selectFrom('safe_changes')
    .select('handled_at')
    .where('chain_id', '=', change.chainId)
    .where('address', '=', change.address)
    .where('tx_hash', '=', change.txHash)
    .executeTakeFirst()
  if (handled) return undefined

  const ended = await revokeAccount(
    db,
    { chainId: change.chainId, address: change.address },
    'safe_owners_changed',
  )
  const recorded = await db
    .insertInto('safe_changes')
    .values({
      chain_id: change.chainId,
      address: change.address,
      tx_hash: change.txHash,
      block_number: change.blockNumber,
      block_hash: change.blockHash,
      events: JSON.stringify(change.events),
      handled_at: now(),
    })
    .onConflict((conflict) => conflict.columns(['chain_id', 'address', 'tx_hash']).doNothing())
    .executeTakeFirst()
  const first = (recorded.numInsertedOrUpdatedRows ?? 0n) === 1n
  await recordInAuditTrail(audit, change, ended, first)
  if (!first) return undefined

  const event: AccountEnded = {
    accountId: caip10AccountId(change.chainId, change.address),
    reason: 'safe_changed',
    change,
    ended,
  }
  log.info(
    {
      accountId: event.accountId,
      events: change.events,
      txHash: change.txHash,
      blockNumber: change.blockNumber,
      sessions: ended.sessions.length,
      oidcModels: ended.oidcModels,
    },
    'Safe changed on chain: its sessions, grants and tokens ended',
  )
  await hooks.emit(event, log)
  return event
}

/**
 * One `safe.changed` per change (by the process that recorded it), and whatever this call ended: one
 * `session.ended` per Signet session and one `safe_sign_in.cancelled` per pending Safe sign-in, each with
 * reason `safe_changed` and the change that caused it.
 */
async function recordInAuditTrail(
  audit: AuditTrail | undefined,
  change: SafeChange,
  ended: Revocation,
  first: boolean,
): Promise<void> {
  if (!audit) return
  const account = caip10AccountId(change.chainId, change.address)
  const cause = {
    reason: 'safe_changed',
    events: change.events,
    tx: change.txHash,
    block: change.blockNumber,
  } as const
  const oidcModels = Object.values(ended.oidcModels).reduce((sum, count) => sum + count, 0)
  await Promise.all([
    ...(first
      ? [
          audit.record({
            type: 'safe.changed',
            account,
            details: {
              ...cause,
              blockHash: change.blockHash,
              sessions: ended.sessions.length,
              oidcModels,
              pendingSafeSignIns: ended.pendingSafeSignIns.length,
              safeCompletions: ended.safeCompletions,
            },
          }),
        ]
      : []),
    ...ended.sessions.map((session) =>
      audit.record({
        type: 'session.ended',
        account: sessionAccount(session),
        details: { ...cause, session: sessionIdPrefix(session.id) },
      }),
    ),
    ...ended.pendingSafeSignIns.map((hold) =>
      audit.record({
        type: 'safe_sign_in.cancelled',
        account: hold.account,
        details: { ...cause, nonce: shortNonce(hold.nonce) },
      }),
    ),
  ])
}
