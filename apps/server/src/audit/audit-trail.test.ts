import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { issueNonce } from '../store/nonce-store.ts'
import { holdNonce } from '../store/pending-nonce.ts'
import { consumeNonceAndCreateSession, sessionId, sweepExpired } from '../store/session-store.ts'
import type { AuditEvent } from './audit-event.ts'
import { readAuditEvents, sweepAuditEvents } from './audit-store.ts'
import { recordSweptRows } from './audit-sweep.ts'
import { AuditTrail, recordAuditEvents } from './audit-trail.ts'

const databases = storeDatabases('signet-audit-')

/** A pino logger whose lines are kept, parsed. */
function capturingLog() {
  const lines: Record<string, unknown>[] = []
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { log, lines }
}

const address = (digit: string) => `0x${digit.repeat(40)}`
// Distinct per database run: both runs share nothing, but a fresh start keeps the filters exact.
let base = 1_900_000_000_000

describe.each(databases)('the audit trail on %s', (_name, database) => {
  let db: StoreDatabase
  beforeAll(async () => {
    db = await openDatabase(database())
    base += 1_000_000_000
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('writes events recorded in one turn together, in the order recorded, with one log line each', async () => {
    const { log, lines } = capturingLog()
    const trail = new AuditTrail(db, log, () => base)
    const account = `eip155:1:${address('1')}`
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        trail.record({
          type: 'sign_in.succeeded',
          account,
          clientIp: '203.0.113.9',
          requestId: `req-${index}`,
          details: { accountType: 'eoa', index },
        }),
      ),
    )
    const events = await readAuditEvents(db, { since: base, account: { address: address('1'), chainId: 1 } })
    expect(events.map((event) => event.requestId)).toEqual(Array.from({ length: 50 }, (_, i) => `req-${i}`))
    expect(events[7]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      occurredAt: base,
      type: 'sign_in.succeeded',
      account,
      clientId: null,
      clientIp: '203.0.113.9',
      requestId: 'req-7',
      details: { accountType: 'eoa', index: 7 },
    } satisfies AuditEvent)
    const auditLines = lines.filter((line) => line.msg === 'audit')
    expect(auditLines).toHaveLength(50)
    expect(auditLines.map((line) => (line.audit as AuditEvent).id)).toEqual(events.map((event) => event.id))
    expect(auditLines[7]?.audit).toEqual(events[7])
  })

  it('filters by time, type, and account: a CAIP-10 id on its chain, an address on every chain', async () => {
    const at = base + 10_000
    const { log } = capturingLog()
    await recordAuditEvents(
      db,
      log,
      [
        {
          type: 'sign_in.refused',
          account: `eip155:1:${address('2')}`,
          details: { code: 'invalid_signature' },
        },
        { type: 'sign_in.succeeded', account: `eip155:100:${address('2')}`, occurredAt: at + 1 },
        { type: 'session.ended', account: `eip155:1:${address('3')}`, occurredAt: at + 2 },
        { type: 'key.rotated', details: { kid: 'k2' }, occurredAt: at + 3 },
      ],
      () => at,
    )
    const types = (events: AuditEvent[]) => events.map((event) => event.type)
    expect(types(await readAuditEvents(db, { since: at }))).toEqual([
      'sign_in.refused',
      'sign_in.succeeded',
      'session.ended',
      'key.rotated',
    ])
    expect(types(await readAuditEvents(db, { since: at + 2 }))).toEqual(['session.ended', 'key.rotated'])
    expect(types(await readAuditEvents(db, { since: at, account: { address: address('2') } }))).toEqual([
      'sign_in.refused',
      'sign_in.succeeded',
    ])
    expect(
      types(await readAuditEvents(db, { since: at, account: { address: address('2'), chainId: 100 } })),
    ).toEqual(['sign_in.succeeded'])
    expect(await readAuditEvents(db, { since: at, type: 'sign_in.refused' })).toMatchObject([
      { details: { code: 'invalid_signature' }, clientIp: null, requestId: null },
    ])
  })

  it('sweeps only what is older than the retention', async () => {
    const at = base + 20_000
    const { log } = capturingLog()
    await recordAuditEvents(db, log, [
      { type: 'oidc.consent', occurredAt: at },
      { type: 'oidc.consent', occurredAt: at + 1 },
      { type: 'oidc.consent', occurredAt: at + 2 },
    ])
    // Everything before at + 2 goes: the two older events here and every earlier test's.
    expect(await sweepAuditEvents(db, at + 2)).toBeGreaterThanOrEqual(2)
    expect((await readAuditEvents(db, { since: at })).map((event) => event.occurredAt)).toEqual([at + 2])
    expect(await readAuditEvents(db, { since: 0, type: 'sign_in.succeeded' })).toEqual([])
  })

  it('records each session and pending Safe sign-in the expiry sweep ends', async () => {
    const now = base + 30_000
    const { log } = capturingLog()
    const trail = new AuditTrail(db, log, () => now)
    const session = {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 31337,
      accountType: 'eoa' as const,
    }
    const first = await issueNonce(db, now, 60_000)
    const created = await consumeNonceAndCreateSession(db, first.nonce, session, now, 1_000)
    const held = await issueNonce(db, now, 60_000)
    const safe = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await holdNonce(db, held.nonce, now, now + 2_000, safe)

    const swept = await sweepExpired(db, now + 100_000)
    await recordSweptRows(trail, swept, now + 100_000)
    const events = await readAuditEvents(db, { since: now + 100_000 })
    expect(events).toMatchObject([
      {
        type: 'session.ended',
        account: `eip155:31337:${session.address}`,
        details: { reason: 'expiry', session: sessionId(created?.token ?? '').slice(0, 12) },
      },
      {
        type: 'safe_sign_in.cancelled',
        account: safe,
        details: { reason: 'expiry', nonce: `${held.nonce.slice(0, 4)}…` },
      },
    ])
  })

  it('never fails a caller when the database does not take the rows, and says so in the log', async () => {
    const closed = await openDatabase(database())
    await closed.destroy()
    const { log, lines } = capturingLog()
    const trail = new AuditTrail(closed, log)
    await expect(
      trail.record({ type: 'sign_in.succeeded', account: `eip155:1:${address('4')}` }),
    ).resolves.toBeUndefined()
    expect(lines.map((line) => line.msg)).toEqual(['audit', 'audit events not written to the database'])
    // An operator command's write must fail instead.
    await expect(recordAuditEvents(closed, log, [{ type: 'key.retired' }])).rejects.toThrow()
  })
})
