import type { BlockList } from 'node:net'
import type { Context } from 'hono'
import { SignetError } from '../errors.ts'
import { requestClientAddress } from '../request/client-address.ts'
import { shortNonce } from '../request/request-log.ts'
import { parseSiweMessage } from '../siwe/parse.ts'
import type { StoreDatabase } from '../store/database.ts'
import { heldNonceAccount } from '../store/pending-nonce.ts'
import { type Session, sessionId } from '../store/session-store.ts'
import { type AuditEventInput, sessionIdPrefix } from './audit-event.ts'
import type { AuditTrail } from './audit-trail.ts'

/** Records an event of an HTTP request, adding the request's id and client IP. */
export type HttpAudit = {
  record(c: Context, event: AuditEventInput): Promise<void>
  db: StoreDatabase
}

/**
 * The audit of Hono routes: the request id the request log set (request-log.ts) and the client address
 * as the rate limits see it (`SIGNET_TRUST_PROXY`).
 */
export function httpAudit(
  trail: AuditTrail,
  db: StoreDatabase,
  trustedProxies: BlockList | undefined,
): HttpAudit {
  return {
    db,
    record: (c, event) =>
      trail.record({
        ...event,
        requestId: (c.get('requestId') as string | undefined) ?? null,
        clientIp: requestClientAddress(c, trustedProxies),
      }),
  }
}

/** The CAIP-10 id of a session's account (its address is EIP-55 already: the parser accepts no other). */
export function sessionAccount(session: Pick<Session, 'address' | 'chainId'>): string {
  return `eip155:${session.chainId}:${session.address}`
}

/** What a route knows of a sign-in attempt; `message` is filled in once the body is read. */
export type SignInAttempt = { message?: string; clientId?: string }

/**
 * Runs a sign-in and records its outcome: `sign_in.succeeded`, plus `safe_sign_in.completed` when the
 * message's nonce was held by a pending Safe sign-in, or `sign_in.refused` with the error's code. A
 * refused attempt's account is the one its message claims (unproven), null when the message does not
 * parse. Errors are rethrown unchanged.
 *
 * @example const { token, session } = await auditSignIn(c, audit, attempt, () => signIn(body, options))
 */
export async function auditSignIn<T extends { token: string; session: Session }>(
  c: Context,
  audit: HttpAudit | undefined,
  attempt: SignInAttempt,
  run: () => Promise<T>,
): Promise<T> {
  if (!audit) return run()
  let result: T
  try {
    result = await run()
  } catch (error) {
    if (error instanceof SignetError) {
      await audit.record(c, {
        type: 'sign_in.refused',
        account: claimedAccount(attempt.message),
        clientId: attempt.clientId ?? null,
        details: { code: error.code },
      })
    }
    throw error
  }
  const { token, session } = result
  const account = sessionAccount(session)
  const details = { accountType: session.accountType, session: sessionIdPrefix(sessionId(token)) }
  const recorded = [
    audit.record(c, { type: 'sign_in.succeeded', account, clientId: attempt.clientId ?? null, details }),
  ]
  // Only a contract account can be a Safe whose sign-in waited for its owners.
  if (session.accountType !== 'eoa' && attempt.message !== undefined) {
    const nonce = parseSiweMessage(attempt.message).nonce
    if ((await heldNonceAccount(audit.db, nonce)) !== undefined)
      recorded.push(
        audit.record(c, {
          type: 'safe_sign_in.completed',
          account,
          clientId: attempt.clientId ?? null,
          details: { nonce: shortNonce(nonce), session: details.session },
        }),
      )
  }
  await Promise.all(recorded)
  return result
}

function claimedAccount(message: string | undefined): string | null {
  if (message === undefined) return null
  try {
    return sessionAccount(parseSiweMessage(message))
  } catch {
    return null
  }
}
