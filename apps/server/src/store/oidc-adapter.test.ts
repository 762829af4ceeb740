import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import type { SignetConfig } from '../config/config.ts'
import { openDatabase, type StoreDatabase } from './database.ts'
import { OidcKyselyAdapter, sweepExpiredOidcModels } from './oidc-adapter.ts'

const databases = storeDatabases('signet-oidc-adapter-')

describe.each(databases)('OIDC adapter on %s', (_name, database) => {
  let db: StoreDatabase
  let settings: SignetConfig['database']
  let clock = 1_700_000_000_000
  const now = () => clock
  const adapter = (model: string) => new OidcKyselyAdapter(db, model, now)

  beforeAll(async () => {
    settings = database()
    db = await openDatabase(settings)
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('stores, replaces, finds by id, uid and user code, and destroys', async () => {
    const sessions = adapter('Session')
    await sessions.upsert('s1', { uid: 'u1', accountId: 'eip155:1:0xabc' }, 60)
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'eip155:1:0xabc' })
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'eip155:1:0xabc' })
    await sessions.upsert('s1', { uid: 'u2', accountId: 'eip155:1:0xdef' }, 60)
    expect(await sessions.findByUid('u1')).toBeUndefined()
    expect(await sessions.find('s1')).toEqual({ uid: 'u2', accountId: 'eip155:1:0xdef' })
    // Models do not see each other's ids.
    expect(await adapter('Interaction').find('s1')).toBeUndefined()
    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' }, 60)
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' })
    await sessions.destroy('s1')
    expect(await sessions.find('s1')).toBeUndefined()
  })

  it('never returns an expired row, keeps a row without expiry, and sweeps the expired', async () => {
    const codes = adapter('AuthorizationCode')
    await codes.upsert('short', { grantId: 'g0' }, 10)
    await adapter('Client').upsert('forever', { client_id: 'forever' })
    clock += 10_000
    expect(await codes.find('short')).toBeUndefined()
    expect(await adapter('Client').find('forever')).toEqual({ client_id: 'forever' })
    expect(await sweepExpiredOidcModels(db, clock)).toBeGreaterThanOrEqual(1)
    expect(await adapter('Client').find('forever')).toEqual({ client_id: 'forever' })
  })

  it('keeps an expired device code an hour longer, for the provider to say it expired', async () => {
    const devices = adapter('DeviceCode')
    await devices.upsert('d2', { userCode: 'WXYZ-BCDF' }, 60)
    clock += 61_000
    expect(await devices.findByUserCode('WXYZ-BCDF')).toEqual({ userCode: 'WXYZ-BCDF' })
    expect(await sweepExpiredOidcModels(db, clock)).toBe(0)
    clock += 3600_000
    expect(await devices.find('d2')).toBeUndefined()
    await sweepExpiredOidcModels(db, clock)
    const left = await db.selectFrom('oidc_models').select('id').where('id', '=', 'd2').execute()
    expect(left).toEqual([])
  })

  it('consumes once; a second consume revokes the grant and fails with invalid_grant', async () => {
    const codes = adapter('AuthorizationCode')
    await codes.upsert('code1', { grantId: 'g1' }, 60)
    await adapter('AccessToken').upsert('at1', { grantId: 'g1' }, 3600)
    await adapter('AccessToken').upsert('at-other', { grantId: 'g2' }, 3600)
    await adapter('Grant').upsert('g1', { accountId: 'eip155:1:0xabc' }, 3600)

    await codes.consume('code1')
    expect(await codes.find('code1')).toEqual({ grantId: 'g1', consumed: Math.floor(clock / 1000) })
    await expect(codes.consume('code1')).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'grant request is invalid',
    })
    expect(await codes.find('code1')).toBeUndefined()
    expect(await adapter('AccessToken').find('at1')).toBeUndefined()
    expect(await adapter('Grant').find('g1')).toBeUndefined()
    expect(await adapter('AccessToken').find('at-other')).toEqual({ grantId: 'g2' })
  })

  it('lets exactly one of many concurrent consumes of one code through', async () => {
    const codes = adapter('AuthorizationCode')
    await codes.upsert('code2', { grantId: 'g3' }, 60)
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => codes.consume('code2')))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })

  it('revokeByGrantId deletes every token of the grant, and the grant', async () => {
    await adapter('AccessToken').upsert('at3', { grantId: 'g4' }, 3600)
    await adapter('RefreshToken').upsert('rt3', { grantId: 'g4' }, 3600)
    await adapter('Grant').upsert('g4', { accountId: 'x' }, 3600)
    await adapter('AccessToken').revokeByGrantId('g4')
    expect(await adapter('AccessToken').find('at3')).toBeUndefined()
    expect(await adapter('RefreshToken').find('rt3')).toBeUndefined()
    expect(await adapter('Grant').find('g4')).toBeUndefined()
  })
})
