import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import { openDatabase, type StoreDatabase } from './database.ts'
import { isNonceLive, issueNonce } from './nonce-store.ts'
import { heldNonceAccount, holdNonce } from './pending-nonce.ts'
import { consumeNonceAndCreateSession } from './session-store.ts'

const day = 86_400_000
const session = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 31337,
  accountType: 'contract' as const,
}

const safeAccount = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const databases = storeDatabases('signet-pending-')

describe.each(databases)('holdNonce on %s', (_name, database) => {
  let db: StoreDatabase
  beforeAll(async () => {
    db = await openDatabase(database())
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('moves the expiry of a live nonce, which then stays usable until then and no longer', async () => {
    const now = 1_800_000_000_000
    const { nonce } = await issueNonce(db, now, 600_000)
    expect(await heldNonceAccount(db, nonce)).toBeUndefined()
    expect(await holdNonce(db, nonce, now + 1_000, now + 3 * day, safeAccount)).toEqual({ firstHold: true })
    // Held again (the app resumed the sign-in): not a new proposal.
    expect(await holdNonce(db, nonce, now + 2_000, now + 3 * day, safeAccount)).toEqual({ firstHold: false })
    expect(await heldNonceAccount(db, nonce)).toBe(safeAccount)
    const row = await db.selectFrom('nonces').selectAll().where('nonce', '=', nonce).executeTakeFirstOrThrow()
    expect(Number(row.expires_at)).toBe(now + 3 * day)
    expect(Number(row.issued_at)).toBe(now)
    expect(await isNonceLive(db, nonce, now + 3 * day - 1)).toBe(true)
    expect(await isNonceLive(db, nonce, now + 3 * day)).toBe(false)
    expect(await consumeNonceAndCreateSession(db, nonce, session, now + 2 * day, 60_000)).toBeDefined()
    // Consumed, the nonce still says whose pending sign-in it completed.
    expect(await heldNonceAccount(db, nonce)).toBe(safeAccount)
  })

  it('refuses an unknown, a used and an expired nonce, and brings none of them back', async () => {
    const now = 1_800_000_000_000
    expect(await holdNonce(db, 'neverIssued12345', now, now + day, safeAccount)).toBeUndefined()

    const used = await issueNonce(db, now, 600_000)
    await consumeNonceAndCreateSession(db, used.nonce, session, now, 60_000)
    expect(await holdNonce(db, used.nonce, now, now + day, safeAccount)).toBeUndefined()

    const expired = await issueNonce(db, now, 600_000)
    expect(await holdNonce(db, expired.nonce, now + 600_000, now + day, safeAccount)).toBeUndefined()
    expect(await isNonceLive(db, expired.nonce, now + 599_999)).toBe(true)
    expect(await isNonceLive(db, expired.nonce, now + 600_000)).toBe(false)
    expect(await heldNonceAccount(db, expired.nonce)).toBeUndefined()
  })
})
