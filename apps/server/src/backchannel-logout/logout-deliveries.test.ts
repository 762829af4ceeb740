import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import type { SignetConfig } from '../config/config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { OidcKyselyAdapter } from '../store/oidc-adapter.ts'
import { endProviderSession } from './browser-logout.ts'
import {
  claimDueDeliveries,
  enqueueAccountLogout,
  enqueueLogoutDeliveries,
  enqueueSessionLogout,
  rescheduleDelivery,
  settleDelivery,
} from './logout-deliveries.ts'

const databases = storeDatabases('signet-logout-queue-')

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const aliceMainnet = `eip155:1:${alice}`
const aliceGnosis = `eip155:100:${alice}`
const bobMainnet = `eip155:1:${bob}`

describe.each(databases)('the logout delivery queue on %s', (_name, database) => {
  let settings: SignetConfig['database']
  let db: StoreDatabase
  let second: StoreDatabase
  const now = 1_900_000_000_000
  beforeAll(async () => {
    settings = database()
    db = await openDatabase(settings)
    // A second connection (pool) to the same database: another process.
    second = await openDatabase(settings)
  })
  afterAll(async () => {
    await second?.destroy()
    await db?.destroy()
  })
  beforeEach(async () => {
    await db.deleteFrom('logout_deliveries').execute()
    await db.deleteFrom('oidc_models').execute()
  })

  const queued = async () =>
    (await db.selectFrom('logout_deliveries').select(['client_id', 'sub', 'sid', 'reason']).execute())
      .map((row) => `${row.client_id} ${row.sub} ${row.sid || '-'} ${row.reason}`)
      .sort()

  /** A provider session signed in to `clients` (client → grant), and those grants, as the provider stores them. */
  async function providerSession(
    id: string,
    accountId: string,
    clients: Record<string, { grantId: string; persistsLogout?: boolean }>,
  ) {
    const model = (name: string) => new OidcKyselyAdapter(db, name)
    const authorizations: Record<string, { sid: string; grantId: string; persistsLogout?: boolean }> = {}
    for (const [clientId, { grantId, persistsLogout }] of Object.entries(clients)) {
      authorizations[clientId] = {
        sid: `sid-${id}-${clientId}`,
        grantId,
        ...(persistsLogout ? { persistsLogout } : {}),
      }
      await model('Grant').upsert(grantId, { accountId, clientId, kind: 'Grant' }, 3600)
      await model('AccessToken').upsert(`at-${grantId}`, { accountId, grantId, kind: 'AccessToken' }, 3600)
    }
    await model('Session').upsert(id, { accountId, authorizations, kind: 'Session' }, 3600)
  }

  it('queues one row per client, sub, sid and reason; the same ending queued twice is one row', async () => {
    const request = { clientId: 'wiki', sub: aliceMainnet, sid: 'sid-1', reason: 'signet_logout' } as const
    expect(await enqueueLogoutDeliveries(db, [request, { ...request, sid: undefined }], now)).toBe(2)
    expect(await enqueueLogoutDeliveries(db, [request], now)).toBe(0)
    expect(await enqueueLogoutDeliveries(db, [{ ...request, reason: 'account_revoked' }], now)).toBe(1)
    expect(await queued()).toEqual([
      `wiki ${aliceMainnet} - signet_logout`,
      `wiki ${aliceMainnet} sid-1 account_revoked`,
      `wiki ${aliceMainnet} sid-1 signet_logout`,
    ])
  })

  it('queues a token per application of one provider session, with its sid', async () => {
    await providerSession('browser-1', aliceMainnet, { wiki: { grantId: 'g1' }, spa: { grantId: 'g2' } })
    await providerSession('browser-2', aliceMainnet, { wiki: { grantId: 'g3' } })
    expect(await enqueueSessionLogout(db, { sessionId: 'browser-1', reason: 'signet_logout', now })).toBe(2)
    expect(await enqueueSessionLogout(db, { sessionId: 'no-such-session', reason: 'signet_logout' })).toBe(0)
    expect(await queued()).toEqual([
      `spa ${aliceMainnet} sid-browser-1-spa signet_logout`,
      `wiki ${aliceMainnet} sid-browser-1-wiki signet_logout`,
    ])
  })

  it('ends a provider session: its tokens queued, its grants revoked except an offline one, the session deleted', async () => {
    await providerSession('browser-1', aliceMainnet, {
      wiki: { grantId: 'g1' },
      spa: { grantId: 'g2', persistsLogout: true },
    })
    await providerSession('browser-2', aliceMainnet, { wiki: { grantId: 'g3' } })
    expect(await endProviderSession(db, 'browser-1', 'signet_logout')).toBe(2)
    const left = await db.selectFrom('oidc_models').select(['model', 'id']).orderBy('id').execute()
    expect(left.map((row) => `${row.model}:${row.id}`)).toEqual([
      'AccessToken:at-g2',
      'AccessToken:at-g3',
      'Session:browser-2',
      'Grant:g2',
      'Grant:g3',
    ])
    expect(await endProviderSession(db, 'browser-1', 'signet_logout')).toBe(0)
  })

  it("queues an account's applications: one per provider session with its sid, one without sid for a grant of no session", async () => {
    await providerSession('browser-1', aliceMainnet, { wiki: { grantId: 'g1' }, spa: { grantId: 'g2' } })
    await providerSession('browser-2', aliceMainnet, { wiki: { grantId: 'g3' } })
    await providerSession('browser-3', aliceGnosis, { wiki: { grantId: 'g4' } })
    await providerSession('browser-4', bobMainnet, { wiki: { grantId: 'g5' } })
    // A grant kept by a refresh token after its provider session expired.
    await new OidcKyselyAdapter(db, 'Grant').upsert('g6', { accountId: aliceMainnet, clientId: 'desk' }, 3600)

    expect(await enqueueAccountLogout(db, { accountId: aliceMainnet, reason: 'account_revoked', now })).toBe(
      4,
    )
    expect(await queued()).toEqual([
      `desk ${aliceMainnet} - account_revoked`,
      `spa ${aliceMainnet} sid-browser-1-spa account_revoked`,
      `wiki ${aliceMainnet} sid-browser-1-wiki account_revoked`,
      `wiki ${aliceMainnet} sid-browser-2-wiki account_revoked`,
    ])
    // An operator's match by address: every chain. In the revocation's transaction, before it deletes.
    await db.transaction().execute(async (trx) => {
      expect(
        await enqueueAccountLogout(trx, {
          accountId: { address: alice },
          reason: 'safe_owners_changed',
          now,
        }),
      ).toBe(5)
    })
    expect((await queued()).some((row) => row.includes(bob))).toBe(false)
  })

  it('gives each due row to one claimer only, even to many claiming at once from two connections', async () => {
    const requests = Array.from({ length: 60 }, (_, index) => ({
      clientId: index % 2 ? 'wiki' : 'spa',
      sub: `eip155:1:0x${index.toString(16).padStart(40, '0')}`,
      reason: 'account_revoked' as const,
    }))
    expect(await enqueueLogoutDeliveries(db, requests, now)).toBe(60)
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        claimDueDeliveries(index % 2 ? second : db, { now, leaseMs: 60_000, limit: 7 }),
      ),
    )
    const claimed = claims.flatMap((claim) => claim.deliveries.map((delivery) => delivery.id))
    // Under contention a claimer may get fewer than it asked (rows it picked went to another); what is
    // left is due for the next claim. No row is ever in two claims.
    const rest = await claimDueDeliveries(db, { now, leaseMs: 60_000, limit: 100 })
    claimed.push(...rest.deliveries.map((delivery) => delivery.id))
    expect(claimed.length).toBe(60)
    expect(new Set(claimed).size).toBe(60)
    expect(claims.filter((claim) => claim.deliveries.length > 0).length).toBeGreaterThan(1)
    // Nothing is free until the claims run out; then every row is taken again.
    expect(
      (await claimDueDeliveries(db, { now: now + 59_999, leaseMs: 60_000, limit: 100 })).deliveries,
    ).toEqual([])
    const retaken = await claimDueDeliveries(second, { now: now + 60_000, leaseMs: 60_000, limit: 100 })
    expect(retaken.deliveries.length).toBe(60)
    // The first claims are no longer their holders': they settle nothing.
    const first = claims.find((claim) => claim.deliveries.length > 0)
    const stale = first?.deliveries[0]
    if (!first || !stale) throw new Error('no claim')
    expect(await settleDelivery(db, stale, first.claim)).toBe(false)
    expect(await rescheduleDelivery(db, stale, first.claim, { at: now, error: 'HTTP 503' })).toBe(false)
    expect(await settleDelivery(db, stale, retaken.claim)).toBe(true)
    expect(
      Number(
        (
          await db
            .selectFrom('logout_deliveries')
            .select((s) => s.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(59)
  })

  it('releases a failed row for its next attempt, counting it; it is not due before then', async () => {
    await enqueueLogoutDeliveries(db, [{ clientId: 'wiki', sub: aliceMainnet, reason: 'signet_logout' }], now)
    const { claim, deliveries } = await claimDueDeliveries(db, { now, leaseMs: 60_000, limit: 10 })
    const [delivery] = deliveries
    if (!delivery) throw new Error('nothing claimed')
    expect(delivery).toMatchObject({ attempts: 0, sid: undefined, reason: 'signet_logout', createdAt: now })
    expect(await rescheduleDelivery(db, delivery, claim, { at: now + 5_000, error: 'ECONNREFUSED' })).toBe(
      true,
    )
    expect(
      (await claimDueDeliveries(db, { now: now + 4_999, leaseMs: 60_000, limit: 10 })).deliveries,
    ).toEqual([])
    const again = await claimDueDeliveries(db, { now: now + 5_000, leaseMs: 60_000, limit: 10 })
    expect(again.deliveries).toMatchObject([{ id: delivery.id, attempts: 1, nextAttemptAt: now + 5_000 }])
    const row = await db.selectFrom('logout_deliveries').select('last_error').executeTakeFirstOrThrow()
    expect(row.last_error).toBe('ECONNREFUSED')
  })
})
