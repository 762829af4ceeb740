import { shortNonce } from '../request/request-log.ts'
import type { SweptRows } from '../store/session-store.ts'
import { sessionIdPrefix } from './audit-event.ts'
import type { AuditTrail } from './audit-trail.ts'
import { sessionAccount } from './http-audit.ts'

/**
 * Records what the expiry sweep ended: one `session.ended` (reason `expiry`) per expired session, and one
 * `safe_sign_in.cancelled` (reason `expiry`) per pending Safe sign-in whose held nonce expired unused.
 * One event per session, not one per sweep: `signet audit --account` must show when each of an
 * account's sessions ended. They cost one row each, as their sign-in did, written in one transaction.
 */
export async function recordSweptRows(
  trail: AuditTrail,
  swept: Pick<SweptRows, 'endedSessions' | 'expiredHolds'>,
  now: number,
): Promise<void> {
  await Promise.all([
    ...swept.endedSessions.map((session) =>
      trail.record({
        type: 'session.ended',
        account: sessionAccount(session),
        occurredAt: now,
        details: { reason: 'expiry', session: sessionIdPrefix(session.id) },
      }),
    ),
    ...swept.expiredHolds.map((hold) =>
      trail.record({
        type: 'safe_sign_in.cancelled',
        account: hold.account,
        occurredAt: now,
        details: { reason: 'expiry', nonce: shortNonce(hold.nonce) },
      }),
    ),
  ])
}
