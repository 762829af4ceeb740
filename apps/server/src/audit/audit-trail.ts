import type { Logger } from 'pino'
import { v7 as uuidv7 } from 'uuid'
import type { StoreDatabase } from '../store/database.ts'
import type { AuditEvent, AuditEventInput } from './audit-event.ts'
import { insertAuditEvents } from './audit-store.ts'

/**
 * The audit trail of a process: each event becomes a row of `audit_events` and one JSON log line
 * (`{"audit":{…},"msg":"audit"}`). Events recorded in the same event-loop turn share one insert
 * transaction, so a burst of sign-ins adds one commit, not one each.
 *
 * `record` never rejects: a sign-in that succeeded is not failed by its audit row. When the database
 * does not take the rows, the log lines (written first) still carry them and an error line says so.
 *
 * @example const trail = new AuditTrail(db, log); await trail.record({ type: 'key.rotated', details: { kid } })
 */
export class AuditTrail {
  #pending: { events: AuditEvent[]; written: Promise<void> } | undefined

  constructor(
    private readonly db: StoreDatabase,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an event; resolves once its row is written (or its write failed and was logged). */
  record(input: AuditEventInput): Promise<void> {
    const event = completeEvent(input, this.now)
    this.log.info({ audit: event }, 'audit')
    let batch = this.#pending
    if (!batch) {
      const events: AuditEvent[] = []
      const written = new Promise<void>((resolve) => {
        setImmediate(() => {
          this.#pending = undefined
          insertAuditEvents(this.db, events).then(resolve, (error: unknown) => {
            this.log.error({ err: error, events: events.length }, 'audit events not written to the database')
            resolve()
          })
        })
      })
      batch = { events, written }
      this.#pending = batch
    }
    batch.events.push(event)
    return batch.written
  }

  /** Waits for the events recorded so far to be written (before the database closes). */
  async flush(): Promise<void> {
    await this.#pending?.written
  }
}

/**
 * Writes events at once and logs them, rejecting when the database does not take them: for operator
 * commands, which must not report an action whose trail is missing.
 *
 * @example await recordAuditEvents(db, log, [{ type: 'key.retired', details: { kid } }])
 */
export async function recordAuditEvents(
  db: StoreDatabase,
  log: Logger,
  inputs: readonly AuditEventInput[],
  now: () => number = Date.now,
): Promise<AuditEvent[]> {
  const events = inputs.map((input) => completeEvent(input, now))
  await insertAuditEvents(db, events)
  for (const event of events) log.info({ audit: event }, 'audit')
  return events
}

function completeEvent(input: AuditEventInput, now: () => number): AuditEvent {
  return {
    id: uuidv7(),
    occurredAt: input.occurredAt ?? now(),
    type: input.type,
    account: input.account ?? null,
    clientId: input.clientId ?? null,
    clientIp: input.clientIp ?? null,
    requestId: input.requestId ?? null,
    details: input.details ?? {},
  }
}
