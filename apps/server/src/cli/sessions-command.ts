import { hostname, userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { type AuditEventInput, sessionIdPrefix } from '../audit/audit-event.ts'
import { recordAuditEvents } from '../audit/audit-trail.ts'
import {
  type Revocation,
  revokeAccount,
  revokedAnything,
  revokeSession,
} from '../operator/account-revocation.ts'
import {
  findSessionsByIdPrefix,
  type ListedSession,
  listLiveSessions,
  minimumSessionIdPrefix,
} from '../operator/session-listing.ts'
import { shortNonce } from '../request/request-log.ts'
import { type AccountMatch, describeAccountMatch, parseAccountMatch } from '../store/account-match.ts'
import type { StoreDatabase } from '../store/database.ts'
import { accountProblem } from './audit-command.ts'
import { openOperatorDatabase } from './operator-database.ts'
import { textTable } from './text-table.ts'
import { exitCodes, UsageError } from './usage.ts'

export type SessionsArguments =
  | { action: 'list'; account?: AccountMatch; json: boolean }
  | { action: 'revoke'; target: { account: AccountMatch } | { idPrefix: string }; json: boolean }

/**
 * `signet sessions list [--account A] [--json]` and `signet sessions revoke --account A | --id ID [--json]`
 * on the database of `signet serve`. Revoke exits 0 when it ended something, 1 when nothing matched.
 */
export async function sessionsCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  now = Date.now(),
): Promise<number> {
  const parsed = parseSessionsArguments(args)
  const { db, log } = await openOperatorDatabase(env)
  try {
    if (parsed.action === 'list') {
      const sessions = await listLiveSessions(db, now, parsed.account)
      process.stdout.write(parsed.json ? sessionJsonLines(sessions) : sessionTable(sessions))
      return exitCodes.ok
    }
    const revoked = await revoke(db, parsed.target, now)
    // The trail is written before anything is printed: a revocation is never reported without it.
    const events = revocationEvents(revoked.description, revoked.account, revoked.revocation)
    await recordAuditEvents(db, log, events, () => now)
    process.stdout.write(
      parsed.json
        ? `${JSON.stringify(revocationJson(revoked.description, revoked.revocation))}\n`
        : revocationText(revoked.description, revoked.revocation),
    )
    return revokedAnything(revoked.revocation) ? exitCodes.ok : exitCodes.invalid
  } finally {
    await db.destroy()
  }
}

async function revoke(
  db: StoreDatabase,
  target: Extract<SessionsArguments, { action: 'revoke' }>['target'],
  now: number,
): Promise<{ description: string; account: string | null; revocation: Revocation }> {
  if ('account' in target) {
    const { address, chainId } = target.account
    return {
      description: describeAccountMatch(target.account),
      account: chainId === undefined ? null : `eip155:${chainId}:${address}`,
      revocation: await revokeAccount(db, target.account),
    }
  }
  const matches = await findSessionsByIdPrefix(db, target.idPrefix, now)
  if (matches.length > 1)
    throw new UsageError(
      `sessions revoke: --id ${target.idPrefix} names ${matches.length} live sessions; give more of the id`,
    )
  const session = matches[0]
  if (!session)
    return {
      description: `session ${target.idPrefix}`,
      account: null,
      revocation: { sessions: [], oidcModels: {}, pendingSafeSignIns: [], safeCompletions: 0 },
    }
  return {
    description: `session ${sessionIdPrefix(session.id)}`,
    account: caip10(session),
    revocation: await revokeSession(db, session.id),
  }
}

/** The arguments of `signet sessions …`; a bad one is a {@link UsageError} naming it. */
export function parseSessionsArguments(args: string[]): SessionsArguments {
  const [action, ...rest] = args
  if (action !== 'list' && action !== 'revoke')
    throw new UsageError(
      action === undefined
        ? 'sessions needs list or revoke'
        : `sessions: unknown action ${JSON.stringify(action)} (list or revoke)`,
    )
  let values: { account?: string; id?: string; json?: boolean }
  try {
    values = parseArgs({
      args: rest,
      options: {
        account: { type: 'string' },
        json: { type: 'boolean' },
        id: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    throw new UsageError(`sessions ${action}: ${(error as Error).message}`)
  }
  const json = values.json === true
  const account = values.account === undefined ? undefined : parseAccountMatch(values.account)
  if (values.account !== undefined && !account)
    throw new UsageError(accountProblem(`sessions ${action}`, values.account))
  if (action === 'list') {
    if (values.id !== undefined) throw new UsageError('sessions list: --id is for sessions revoke')
    return { action, json, ...(account ? { account } : {}) }
  }
  if (account && values.id !== undefined)
    throw new UsageError('sessions revoke: give --account or --id, not both')
  if (account) return { action, target: { account }, json }
  if (values.id === undefined)
    throw new UsageError('sessions revoke needs --account ADDRESS|CAIP-10 or --id ID')
  const idPrefix = values.id.toLowerCase()
  if (!/^[0-9a-f]+$/.test(idPrefix) || idPrefix.length < minimumSessionIdPrefix || idPrefix.length > 64)
    throw new UsageError(
      `sessions revoke: --id must be ${minimumSessionIdPrefix} to 64 hex digits of a session id (as sessions list shows), got ${JSON.stringify(values.id)}`,
    )
  return { action, target: { idPrefix }, json }
}

function caip10(session: Pick<ListedSession, 'address' | 'chainId'>): string {
  return `eip155:${session.chainId}:${session.address}`
}

/** `signet sessions list`: id (12 hex digits), address, chain, account type, issued, expires. */
export function sessionTable(sessions: readonly ListedSession[]): string {
  if (sessions.length === 0) return 'No live sessions.\n'
  return textTable(
    ['ID', 'ADDRESS', 'CHAIN', 'TYPE', 'ISSUED', 'EXPIRES'],
    sessions.map((session) => [
      sessionIdPrefix(session.id),
      session.address,
      String(session.chainId),
      session.accountType,
      new Date(session.issuedAt).toISOString(),
      new Date(session.expiresAt).toISOString(),
    ]),
  )
}

export function sessionJsonLines(sessions: readonly ListedSession[]): string {
  return sessions
    .map(
      (session) =>
        `${JSON.stringify({
          id: sessionIdPrefix(session.id),
          address: session.address,
          chainId: session.chainId,
          accountType: session.accountType,
          issuedAt: new Date(session.issuedAt).toISOString(),
          expiresAt: new Date(session.expiresAt).toISOString(),
        })}\n`,
    )
    .join('')
}

/** The provider's rows in the operator's words. */
function oidcCounts(revocation: Revocation) {
  const { Grant = 0, Session = 0, Interaction = 0, ...tokens } = revocation.oidcModels
  return {
    oidcGrants: Grant,
    oidcSessions: Session,
    oidcTokens: Object.values(tokens).reduce((sum, count) => sum + count, 0),
    oidcInteractions: Interaction,
  }
}

function revocationCounts(revocation: Revocation) {
  return {
    sessions: revocation.sessions.length,
    ...oidcCounts(revocation),
    pendingSafeSignIns: revocation.pendingSafeSignIns.length,
    safeCompletions: revocation.safeCompletions,
  }
}

/**
 * The trail of a revocation: one `sessions.revoked` (who ran it, what it named, the counts), one
 * `session.ended` (reason `revocation`) per Signet session, one `safe_sign_in.cancelled` per pending
 * Safe sign-in withdrawn.
 */
export function revocationEvents(
  description: string,
  account: string | null,
  revocation: Revocation,
): AuditEventInput[] {
  return [
    {
      type: 'sessions.revoked',
      account,
      details: { target: description, operator: operatorName(), ...revocationCounts(revocation) },
    },
    ...revocation.sessions.map(
      (session): AuditEventInput => ({
        type: 'session.ended',
        account: caip10(session),
        details: { reason: 'revocation', session: sessionIdPrefix(session.id) },
      }),
    ),
    ...revocation.pendingSafeSignIns.map(
      (hold): AuditEventInput => ({
        type: 'safe_sign_in.cancelled',
        account: hold.account,
        details: { reason: 'revocation', nonce: shortNonce(hold.nonce) },
      }),
    ),
  ]
}

/** Who ran an operator command, for the audit trail: `user@host`. */
export function operatorName(): string {
  try {
    return `${userInfo().username}@${hostname()}`
  } catch {
    return `uid ${process.getuid?.() ?? '?'}@${hostname()}`
  }
}

export function revocationText(description: string, revocation: Revocation): string {
  const counts = revocationCounts(revocation)
  const lines = [
    `Revoked ${description}`,
    `  Signet sessions ended: ${counts.sessions}`,
    ...revocation.sessions.map(
      (session) => `    ${sessionIdPrefix(session.id)}  ${caip10(session)}  ${session.accountType}`,
    ),
    `  OpenID Connect grants ended: ${counts.oidcGrants}`,
    `  OpenID Connect sessions ended: ${counts.oidcSessions}`,
    `  OpenID Connect tokens and codes ended: ${counts.oidcTokens}`,
    `  OpenID Connect sign-ins in progress ended: ${counts.oidcInteractions}`,
    `  pending Safe sign-ins withdrawn: ${counts.pendingSafeSignIns}`,
    `  completed Safe sign-ins kept for an application withdrawn: ${counts.safeCompletions}`,
  ]
  if (!revokedAnything(revocation)) lines.push('Nothing matched.')
  return `${lines.join('\n')}\n`
}

export function revocationJson(description: string, revocation: Revocation) {
  return {
    target: description,
    ...revocationCounts(revocation),
    endedSessions: revocation.sessions.map((session) => ({
      id: sessionIdPrefix(session.id),
      account: caip10(session),
      accountType: session.accountType,
    })),
  }
}
