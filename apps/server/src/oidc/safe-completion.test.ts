import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { consumeSafeCompletion, hasSafeCompletion, saveSafeCompletion } from './safe-completion.ts'

const databases = storeDatabases('signet-safe-completion-')
const accountId = 'eip155:31337:0xa3B82fB2f7B91a88fBAdf2aa8Ab2332FBA771EA8'

describe.each(databases)('completed Safe sign-ins on %s', (_name, database) => {
  let db: StoreDatabase
  beforeAll(async () => {
    db = await openDatabase(database())
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('is kept for the session and the application, and taken once', async () => {
    await saveSafeCompletion(db, { token: 'token-a', clientId: 'wiki', accountId, completedAt: 1_000 })
    expect(await hasSafeCompletion(db, 'token-a', 'wiki')).toBe(true)
    expect(await hasSafeCompletion(db, 'token-a', 'dashboard')).toBe(false)
    expect(await hasSafeCompletion(db, 'token-b', 'wiki')).toBe(false)
    expect(await consumeSafeCompletion(db, 'token-b', 'wiki', 2_000)).toBeUndefined()
    expect(await consumeSafeCompletion(db, 'token-a', 'wiki', 2_000)).toEqual({
      accountId,
      completedAt: 1_000,
    })
    expect(await consumeSafeCompletion(db, 'token-a', 'wiki', 3_000)).toBeUndefined()
    expect(await hasSafeCompletion(db, 'token-a', 'wiki')).toBe(false)
  })

  it('gives a completion to exactly one of many concurrent requests', async () => {
    await saveSafeCompletion(db, { token: 'token-c', clientId: 'wiki', accountId, completedAt: 5_000 })
    const taken = await Promise.all(
      Array.from({ length: 8 }, () => consumeSafeCompletion(db, 'token-c', 'wiki', 6_000)),
    )
    expect(taken.filter((completion) => completion !== undefined)).toHaveLength(1)
  })

  it('a newer completion of the same session and application replaces a used one', async () => {
    await saveSafeCompletion(db, { token: 'token-a', clientId: 'wiki', accountId, completedAt: 9_000 })
    expect(await consumeSafeCompletion(db, 'token-a', 'wiki', 9_500)).toEqual({
      accountId,
      completedAt: 9_000,
    })
  })
})
