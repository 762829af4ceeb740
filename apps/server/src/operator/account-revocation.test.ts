import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import { enqueueAccountLogout } from '../backchannel-logout/logout-deliveries.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { isNonceLive, issueNonce } from '../store/nonce-store.ts'
import { OidcKyselyAdapter } from '../store/oidc-adapter.ts'
import { holdNonce } from '../store/pending-nonce.ts'
import { consumeNonceAndCreateSession, findSession, sessionId } from '../store/session-store.ts'
import { revokeAccount, revokedAnything, revokeSession } from './account-revocation.ts'
import { findSessionsByIdPrefix, listLiveSessions } from './session-listing.ts'

const databases = storeDatabases('signet-revoke-')

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hour = 3_600_000

describe.each(databases)('revoking an account on %s', (_name, database) => {
  let db: StoreDatabase
  const now = Date.now()
  beforeAll(async () => {
    db = await openDatabase(database())
  })
  afterAll(async () => {
    await db?.destroy()
  })

  async function signIn(address: string, chainId: number, at = now) {
    const { nonce } = await issueNonce(db, at, 600_000)
    const created = await consumeNonceAndCreateSession(
      db,
      nonce,
      { address, chainId, accountType: 'eoa' },
      at,
      hour,
    )
    if (!created) throw new Error('no session')
    return created.token
  }

  /** A grant with a provider session, a code and an access token, as the provider stores them. */
  async function oidcRows(accountId: string, tag: string) {
    const model = (name: string) => new OidcKyselyAdapter(db, name)
    const grantId = `grant-${tag}`
    await model('Grant').upsert(grantId, { accountId, clientId: 'wiki', kind: 'Grant' }, 3600)
    await model('Session').upsert(`session-${tag}`, { accountId, uid: `uid-${tag}`, kind: 'Session' }, 3600)
    await model('AccessToken').upsert(`at-${tag}`, { accountId, grantId, kind: 'AccessToken' }, 3600)
    // A row of the grant that carries no account of its own still goes with its grant.
    await model('AuthorizationCode').upsert(`code-${tag}`, { grantId, kind: 'AuthorizationCode' }, 60)
    await model('Interaction').upsert(
      `interaction-${tag}`,
      { kind: 'Interaction', session: { accountId, uid: `uid-${tag}` } },
      3600,
    )
  }

  const oidcIds = async () =>
    (await db.selectFrom('oidc_models').select(['model', 'id']).orderBy('id').execute()).map(
      (row) => `${row.model}:${row.id}`,
    )

  it('queues a logout token for each application of the account in its transaction, then deletes: nothing is left to queue', async () => {
    await db.deleteFrom('logout_deliveries').execute()
    await oidcRows(`eip155:1:${alice}`, 'alice-logout')
    await oidcRows(`eip155:1:${bob}`, 'bob-logout')
    await revokeAccount(db, { address: alice })
    const queued = await db
      .selectFrom('logout_deliveries')
      .select(['client_id', 'sub', 'sid', 'reason'])
      .execute()
    expect(queued.map((row) => `${row.client_id} ${row.sub} ${row.sid || '-'} ${row.reason}`)).toEqual([
      `wiki eip155:1:${alice} - account_revoked`,
    ])
    expect(
      await enqueueAccountLogout(db, { accountId: `eip155:1:${alice}`, reason: 'account_revoked' }),
    ).toBe(0)
    await revokeAccount(db, { address: bob })
  })

  it('ends the sessions, provider rows and pending Safe sign-ins of a CAIP-10 account, and nothing else', async () => {
    const aliceMainnet = await signIn(alice, 1)
    const aliceGnosis = await signIn(alice, 100)
    const bobMainnet = await signIn(bob, 1)
    await oidcRows(`eip155:1:${alice}`, 'alice1')
    await oidcRows(`eip155:100:${alice}`, 'alice100')
    await oidcRows(`eip155:1:${bob}`, 'bob1')
    const aliceHold = await issueNonce(db, now, 600_000)
    await holdNonce(db, aliceHold.nonce, now, now + hour, `eip155:1:${alice}`)
    const bobHold = await issueNonce(db, now, 600_000)
    await holdNonce(db, bobHold.nonce, now, now + hour, `eip155:1:${bob}`)

    const revocation = await revokeAccount(db, { address: alice, chainId: 1 })
    expect(revocation).toEqual({
      sessions: [{ id: sessionId(aliceMainnet), address: alice, chainId: 1, accountType: 'eoa' }],
      oidcModels: { Grant: 1, Session: 1, AccessToken: 1, AuthorizationCode: 1, Interaction: 1 },
      pendingSafeSignIns: [{ nonce: aliceHold.nonce, account: `eip155:1:${alice}` }],
      safeCompletions: 0,
    })
    expect(revokedAnything(revocation)).toBe(true)
    expect(await findSession(db, aliceMainnet, now + 1)).toBeUndefined()
    expect(await findSession(db, aliceGnosis, now + 1)).toBeDefined()
    expect(await findSession(db, bobMainnet, now + 1)).toBeDefined()
    expect(await isNonceLive(db, aliceHold.nonce, now + 1)).toBe(false)
    expect(await isNonceLive(db, bobHold.nonce, now + 1)).toBe(true)
    expect(await new OidcKyselyAdapter(db, 'AccessToken').find('at-alice1')).toBeUndefined()
    expect(await oidcIds()).toEqual([
      'AccessToken:at-alice100',
      'AccessToken:at-bob1',
      'AuthorizationCode:code-alice100',
      'AuthorizationCode:code-bob1',
      'Grant:grant-alice100',
      'Grant:grant-bob1',
      'Interaction:interaction-alice100',
      'Interaction:interaction-bob1',
      'Session:session-alice100',
      'Session:session-bob1',
    ])

    // An address alone: every chain. Again: nothing left to end.
    const everywhere = await revokeAccount(db, { address: alice })
    expect(everywhere.sessions.map((session) => session.chainId)).toEqual([100])
    expect(everywhere.oidcModels).toEqual({
      Grant: 1,
      Session: 1,
      AccessToken: 1,
      AuthorizationCode: 1,
      Interaction: 1,
    })
    expect(await findSession(db, aliceGnosis, now + 1)).toBeUndefined()
    const nothing = await revokeAccount(db, { address: alice })
    expect(nothing).toEqual({ sessions: [], oidcModels: {}, pendingSafeSignIns: [], safeCompletions: 0 })
    expect(revokedAnything(nothing)).toBe(false)
    expect((await oidcIds()).filter((id) => id.includes('alice'))).toEqual([])
    expect(await findSession(db, bobMainnet, now + 1)).toBeDefined()
  })

  it('lists live sessions newest first, finds one by an id prefix, and ends just that one', async () => {
    const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const older = await signIn(carol, 1, now - 2_000)
    const newer = await signIn(carol, 5, now - 1_000)
    const listed = await listLiveSessions(db, now, { address: carol })
    expect(listed).toEqual([
      {
        id: sessionId(newer),
        address: carol,
        chainId: 5,
        accountType: 'eoa',
        issuedAt: now - 1_000,
        expiresAt: now - 1_000 + hour,
      },
      {
        id: sessionId(older),
        address: carol,
        chainId: 1,
        accountType: 'eoa',
        issuedAt: now - 2_000,
        expiresAt: now - 2_000 + hour,
      },
    ])
    expect((await listLiveSessions(db, now, { address: carol, chainId: 1 })).map((s) => s.chainId)).toEqual([
      1,
    ])
    // Expired sessions are not live.
    expect(await listLiveSessions(db, now + hour, { address: carol })).toEqual([])

    const prefix = sessionId(older).slice(0, 10)
    expect((await findSessionsByIdPrefix(db, prefix, now)).map((s) => s.id)).toEqual([sessionId(older)])
    expect(await findSessionsByIdPrefix(db, '%', now)).toEqual([])
    const ended = await revokeSession(db, sessionId(older))
    expect(ended.sessions).toEqual([{ id: sessionId(older), address: carol, chainId: 1, accountType: 'eoa' }])
    expect(await findSession(db, older, now)).toBeUndefined()
    expect(await findSession(db, newer, now)).toBeDefined()
  })
})
