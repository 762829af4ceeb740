import type { Kysely } from 'kysely'
import { type AccountMatch, accountIdCondition } from '../store/account-match.ts'
import type { StoreDatabase, StoreSchema } from '../store/database.ts'
import type { AuditDetails, AuditEvent, AuditEventType } from './audit-event.ts'

type AuditRow = StoreSchema['audit_events']

function toRow(event: AuditEvent): AuditRow {
  return {
    id: event.id,
    occurred_at: event.occurredAt,
    type: event.type,
    account: event.account,
    client_id: event.clientId,
    client_ip: event.clientIp,
    request_id: event.requestId,
    details: JSON.stringify(event.details),
  }
}

// Postgres takes at most 65 535 parameters a statement: 8 columns × 1 000 rows stays well below.
const rowsPerInsert = 1_000

/**
 * Appends events (one transaction). On SQLite the rows go through one prepared statement on the raw
 * connection, inside Kysely's connection lock: a batch of any size compiles no new SQL.
 */
export async function insertAuditEvents(db: StoreDatabase, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return
  const rows = events.map(toRow)
  const sqlite = db.sqlite
  if (sqlite) {
    const insertAll = sqliteInserts.get(sqlite) ?? prepareSqliteInsert(sqlite)
    await db.connection().execute(async () => insertAll(rows))
    return
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += rowsPerInsert)
      await trx
        .insertInto('audit_events')
        .values(rows.slice(start, start + rowsPerInsert))
        .execute()
  })
}

type Sqlite = NonNullable<StoreDatabase['sqlite']>
const sqliteInserts = new WeakMap<Sqlite, (rows: AuditRow[]) => void>()

function prepareSqliteInsert(sqlite: Sqlite): (rows: AuditRow[]) => void {
  const insert = sqlite.prepare(
    'insert into audit_events (id, occurred_at, type, account, client_id, client_ip, request_id, details) values (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const insertAll = sqlite.transaction((rows: AuditRow[]) => {
    for (const row of rows)
      insert.run(
        row.id,
        row.occurred_at,
        row.type,
        row.account,
        row.client_id,
        row.client_ip,
        row.request_id,
        row.details,
      )
  })
  sqliteInserts.set(sqlite, insertAll)
  return insertAll
}

export type AuditFilter = {
  /** Events at or after this time (ms). */
  since?: number
  account?: AccountMatch
  type?: AuditEventType
}

/** The events that pass the filter, oldest first. */
export async function readAuditEvents(
  db: Kysely<StoreSchema>,
  filter: AuditFilter = {},
): Promise<AuditEvent[]> {
  let query = db.selectFrom('audit_events').selectAll()
  if (filter.since !== undefined) query = query.where('occurred_at', '>=', filter.since)
  if (filter.type !== undefined) query = query.where('type', '=', filter.type)
  if (filter.account !== undefined) {
    const { operator, value } = accountIdCondition(filter.account)
    query = query.where('account', operator, value)
  }
  const rows = await query.orderBy('occurred_at').orderBy('id').execute()
  return rows.map((row) => ({
    id: row.id,
    occurredAt: Number(row.occurred_at),
    type: row.type as AuditEventType,
    account: row.account,
    clientId: row.client_id,
    clientIp: row.client_ip,
    requestId: row.request_id,
    details: JSON.parse(row.details) as AuditDetails,
  }))
}

/** Deletes the events older than `before` (ms): the retention sweep, the only delete of the trail. */
export async function sweepAuditEvents(db: Kysely<StoreSchema>, before: number): Promise<number> {
  const deleted = await db.deleteFrom('audit_events').where('occurred_at', '<', before).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
