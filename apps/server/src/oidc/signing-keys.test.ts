import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import type { SignetConfig } from '../config/config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import {
  ensureSigningKeys,
  generateSigningKey,
  providerKeySet,
  readSigningKeySchedule,
  retirementMarginMs,
  retireSigningKey,
  rotateSigningKey,
  type SigningKeySchedule,
  signingKeyStates,
  signingKeysVersion,
} from './signing-keys.ts'
import { longestSignedTokenLifetimeMs } from './token-lifetimes.ts'

const minute = 60_000
const hour = 60 * minute

function key(kid: string, created: number, signsFrom = created, retired?: number, until?: number) {
  return {
    kid,
    created_at: created,
    signs_from: signsFrom,
    retired_at: retired ?? null,
    published_until: until ?? null,
  } satisfies SigningKeySchedule
}

describe('the key set a provider is built with', () => {
  const t = 1_800_000_000_000

  it('puts the newest key whose signs_from passed first, then the other published keys newest first', () => {
    const keys = [
      key('first', t - 3 * hour),
      key('second', t - 2 * hour),
      key('pending', t - minute, t + 9 * minute),
      key('leaving', t - 4 * hour, t - 4 * hour, t - 10 * minute, t + 50 * minute),
      key('gone', t - 5 * hour, t - 5 * hour, t - 2 * hour, t - hour),
    ]
    expect(providerKeySet(keys, t)).toEqual({
      kids: ['second', 'pending', 'first', 'leaving'],
      signingKid: 'second',
      changesAt: t + 9 * minute,
    })
    // Once the pending key's signs_from arrives it signs; the retired one leaves at its published_until.
    expect(providerKeySet(keys, t + 9 * minute)).toEqual({
      kids: ['pending', 'second', 'first', 'leaving'],
      signingKid: 'pending',
      changesAt: t + 50 * minute,
    })
    expect(providerKeySet(keys, t + 50 * minute)).toEqual({
      kids: ['pending', 'second', 'first'],
      signingKid: 'pending',
      changesAt: undefined,
    })
  })

  it('names each key’s state', () => {
    const keys = [
      key('first', t - 3 * hour),
      key('second', t - 2 * hour),
      key('pending', t - minute, t + 9 * minute),
      key('leaving', t - 4 * hour, t - 4 * hour, t - 10 * minute, t + 50 * minute),
      key('gone', t - 5 * hour, t - 5 * hour, t - 2 * hour, t - hour),
    ]
    expect(signingKeyStates(keys, t).map((listing) => [listing.kid, listing.state])).toEqual([
      ['pending', 'pending'],
      ['second', 'active'],
      ['first', 'previous'],
      ['leaving', 'retired'],
      ['gone', 'removed'],
    ])
  })

  it('signs with the earliest pending key when no key’s signs_from has passed (a clock far behind)', () => {
    const keys = [key('later', t, t + 2 * minute), key('sooner', t - 1, t + minute)]
    expect(providerKeySet(keys, t).kids).toEqual(['sooner', 'later'])
  })
})

describe.each(storeDatabases('signet-signing-keys-'))('signing keys on %s', (_name, database) => {
  let settings: SignetConfig['database']
  let db: StoreDatabase
  const t = Date.now()

  beforeEach(async () => {
    settings = database()
    db = await openDatabase(settings)
    // Postgres is one database for the file: every case starts without keys.
    await db.deleteFrom('oidc_signing_keys').execute()
    await db.deleteFrom('oidc_secrets').execute()
  })
  afterEach(async () => {
    await db?.destroy()
  })

  it('keeps the key Signet stored before keys had a table, with its kid, as the active key', async () => {
    const legacy = generateSigningKey()
    await db
      .insertInto('oidc_secrets')
      .values({ name: 'signing_jwks', value: JSON.stringify({ keys: [legacy] }), created_at: t - hour })
      .execute()
    await ensureSigningKeys(db, t)
    const [row] = await db.selectFrom('oidc_signing_keys').selectAll().execute()
    expect(row).toMatchObject({
      kid: legacy.kid,
      created_at: t - hour,
      signs_from: t - hour,
      retired_at: null,
      published_until: null,
    })
    expect(JSON.parse(row?.private_jwk ?? '{}')).toEqual(legacy)
    await ensureSigningKeys(db, t)
    expect(await db.selectFrom('oidc_signing_keys').select('kid').execute()).toHaveLength(1)
  })

  it('gives processes starting together the same one key', async () => {
    const others = await Promise.all([openDatabase(settings), openDatabase(settings)])
    try {
      await Promise.all([db, ...others].map((connection) => ensureSigningKeys(connection, t)))
      const schedules = await Promise.all(
        [db, ...others].map((connection) => readSigningKeySchedule(connection)),
      )
      expect(schedules[0]).toHaveLength(1)
      expect(schedules[1]).toEqual(schedules[0])
      expect(schedules[2]).toEqual(schedules[0])
      expect(providerKeySet(schedules[0] ?? [], t).signingKid).toBe(schedules[0]?.[0]?.kid)
    } finally {
      await Promise.all(others.map((connection) => connection.destroy()))
    }
  })

  it('rotates: the new key is published at once and signs after the propagation delay', async () => {
    await ensureSigningKeys(db, t)
    const [first] = await readSigningKeySchedule(db)
    const versionBefore = await signingKeysVersion(db)
    const rotated = await rotateSigningKey(db, { propagationMs: 10 * minute, now: t })
    expect(rotated).toMatchObject({ createdAt: t, signsFrom: t + 10 * minute })
    expect(await signingKeysVersion(db)).not.toBe(versionBefore)
    const schedule = await readSigningKeySchedule(db)
    expect(providerKeySet(schedule, t).kids).toEqual([first?.kid, rotated.kid])
    expect(providerKeySet(schedule, t + 10 * minute).kids).toEqual([rotated.kid, first?.kid])
  })

  it('refuses to retire the only key that can sign, saying which key signs when', async () => {
    await ensureSigningKeys(db, t)
    const [only] = await readSigningKeySchedule(db)
    const kid = only?.kid as string
    await expect(retireSigningKey(db, kid, { now: t })).rejects.toThrow(
      `the key ${kid} is the only key that can sign; run \`signet keys rotate\` first, then retire it once the new key signs`,
    )
    const rotated = await rotateSigningKey(db, { propagationMs: 10 * minute, now: t })
    await expect(retireSigningKey(db, kid, { now: t + minute })).rejects.toThrow(
      `the key ${kid} is the only key that can sign now; the key ${rotated.kid} signs from ${new Date(t + 10 * minute).toISOString()} — retire ${kid} after that`,
    )
    expect((await readSigningKeySchedule(db)).every((row) => row.retired_at === null)).toBe(true)
    await expect(retireSigningKey(db, 'no-such-kid', { now: t })).rejects.toThrow(
      /^no signing key has the kid no-such-kid; `signet keys list` shows them: /,
    )
  })

  it('retires a key that signed: it stays published for the longest token lifetime (+ margin), then leaves', async () => {
    await ensureSigningKeys(db, t)
    const [old] = await readSigningKeySchedule(db)
    const kid = old?.kid as string
    const rotated = await rotateSigningKey(db, { propagationMs: 0, now: t })
    const retiredAt = t + minute
    const retired = await retireSigningKey(db, kid, { now: retiredAt })
    expect(longestSignedTokenLifetimeMs).toBe(hour)
    expect(retired).toEqual({
      kid,
      retiredAt,
      publishedUntil: retiredAt + hour + retirementMarginMs,
      signingKid: rotated.kid,
    })
    const schedule = await readSigningKeySchedule(db)
    expect(schedule.find((row) => row.kid === kid)).toMatchObject({
      retired_at: retiredAt,
      published_until: retiredAt + hour + retirementMarginMs,
    })
    expect(providerKeySet(schedule, retiredAt).kids).toEqual([rotated.kid, kid])
    expect(providerKeySet(schedule, retiredAt + hour + retirementMarginMs - 1).kids).toEqual([
      rotated.kid,
      kid,
    ])
    expect(providerKeySet(schedule, retiredAt + hour + retirementMarginMs).kids).toEqual([rotated.kid])
    await expect(retireSigningKey(db, kid, { now: retiredAt + 1 })).rejects.toThrow(
      `the key ${kid} was already retired at ${new Date(retiredAt).toISOString()}; it leaves the JWKS at ${new Date(retiredAt + hour + retirementMarginMs).toISOString()}`,
    )
  })

  it('retires a pending key, which never signed, out of the JWKS at once', async () => {
    await ensureSigningKeys(db, t)
    const [active] = await readSigningKeySchedule(db)
    const rotated = await rotateSigningKey(db, { propagationMs: 10 * minute, now: t })
    const retired = await retireSigningKey(db, rotated.kid, { now: t + minute })
    expect(retired).toEqual({
      kid: rotated.kid,
      retiredAt: t + minute,
      publishedUntil: t + minute,
      signingKid: active?.kid,
    })
    expect(providerKeySet(await readSigningKeySchedule(db), t + minute).kids).toEqual([active?.kid])
  })
})
