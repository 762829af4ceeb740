import { parseArgs } from 'node:util'
import type { AuditDetails, AuditEvent } from '../audit/audit-event.ts'
import { auditEventTypes, isAuditEventType } from '../audit/audit-event.ts'
import { type AuditFilter, readAuditEvents } from '../audit/audit-store.ts'
import { parseDuration } from '../config/duration.ts'
import { parseAccountMatch } from '../store/account-match.ts'
import { openOperatorDatabase } from './operator-database.ts'
import { textTable } from './text-table.ts'
import { exitCodes, UsageError } from './usage.ts'

/**
 * `signet audit [--since 1h] [--account ADDRESS|CAIP-10] [--type TYPE] [--json]`: the audit trail of the
 * database `signet serve` uses, oldest first — a table, or one JSON object per line with `--json`.
 */
export async function auditCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  now = Date.now(),
): Promise<number> {
  const { filter, json } = parseAuditArguments(args, now)
  const { db } = await openOperatorDatabase(env)
  try {
    const events = await readAuditEvents(db, filter)
    process.stdout.write(json ? auditJsonLines(events) : auditTable(events))
    return exitCodes.ok
  } finally {
    await db.destroy()
  }
}

/** The filter of `signet audit`'s arguments; a bad one is a {@link UsageError} naming it. */
export function parseAuditArguments(args: string[], now: number): { filter: AuditFilter; json: boolean } {
  let values: { since?: string; account?: string; type?: string; json?: boolean }
  try {
    values = parseArgs({
      args,
      options: {
        since: { type: 'string' },
        account: { type: 'string' },
        type: { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    throw new UsageError(`audit: ${(error as Error).message}`)
  }
  const filter: AuditFilter = {}
  if (values.since !== undefined) {
    const ms = parseDuration(values.since)
    if (ms === undefined)
      throw new UsageError(
        `audit: --since must be a duration such as 90s, 30m, 24h or 7d, got ${JSON.stringify(values.since)}`,
      )
    filter.since = now - ms
  }
  if (values.account !== undefined) {
    const account = parseAccountMatch(values.account)
    if (!account) throw new UsageError(accountProblem('audit', values.account))
    filter.account = account
  }
  if (values.type !== undefined) {
    if (!isAuditEventType(values.type))
      throw new UsageError(
        `audit: --type must be one of ${auditEventTypes.join(', ')}, got ${JSON.stringify(values.type)}`,
      )
    filter.type = values.type
  }
  return { filter, json: values.json === true }
}

export function accountProblem(command: string, text: string): string {
  return `${command}: --account must be an address (0x and 40 hex digits) or a CAIP-10 account id (eip155:<chainId>:0x…), got ${JSON.stringify(text)}`
}

/** One JSON object per event and line: `{"id","occurredAt" (ISO),"type","account","clientId","clientIp","requestId","details"}`. */
export function auditJsonLines(events: readonly AuditEvent[]): string {
  return events
    .map((event) => `${JSON.stringify({ ...event, occurredAt: new Date(event.occurredAt).toISOString() })}\n`)
    .join('')
}

/** The events as a table: time, type, account, client, IP, request id, details (`key=value`). */
export function auditTable(events: readonly AuditEvent[]): string {
  if (events.length === 0) return 'No audit events match.\n'
  return textTable(
    ['TIME', 'TYPE', 'ACCOUNT', 'CLIENT', 'IP', 'REQUEST', 'DETAILS'],
    events.map((event) => [
      new Date(event.occurredAt).toISOString(),
      event.type,
      event.account ?? '-',
      event.clientId ?? '-',
      event.clientIp ?? '-',
      event.requestId ?? '-',
      detailsText(event.details),
    ]),
  )
}

function detailsText(details: AuditDetails): string {
  const parts = Object.entries(details).map(([key, value]) => {
    const text = Array.isArray(value) ? value.join(',') : String(value)
    return `${key}=${/^[^\s"=]*$/.test(text) && text !== '' ? text : JSON.stringify(text)}`
  })
  return parts.length > 0 ? parts.join(' ') : '-'
}
