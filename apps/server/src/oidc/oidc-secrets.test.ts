import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import type { SignetConfig } from '../config/config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { loadOidcCookieKeys } from './oidc-secrets.ts'

const databases = storeDatabases('signet-oidc-secrets-')

describe.each(databases)('the provider secrets on %s', (_name, database) => {
  let db: StoreDatabase
  let settings: SignetConfig['database']

  beforeAll(async () => {
    settings = database()
    db = await openDatabase(settings)
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('gives every process the same generated cookie keys', async () => {
    // Two processes starting at once on one database (two connections): both get the first stored keys.
    const second = await openDatabase(settings)
    const [first, other] = await Promise.all([loadOidcCookieKeys(db), loadOidcCookieKeys(second)])
    await second.destroy()
    expect(other).toEqual(first)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await loadOidcCookieKeys(db)).toEqual(first)
  })
})
