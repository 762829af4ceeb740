import { generateKeyPairSync, randomUUID } from 'node:crypto'
import type { OidcSigningKey } from '../config/oidc-config.ts'
import type { StoreDatabase } from '../store/database.ts'
import { storedSecret } from './oidc-secrets.ts'
import { longestSignedTokenLifetimeMs } from './token-lifetimes.ts'

/**
 * The provider's signing keys kept in the database (`oidc_signing_keys`) when `SIGNET_OIDC_JWKS` is not
 * set. A key made by `rotateSigningKey` is published at once and signs from `signs_from` on; the newest
 * key whose `signs_from` has passed signs, older ones stay published. `retireSigningKey` stops a key
 * signing and keeps it published until no token it signed can still be valid (`published_until`).
 */

type SigningKeyRow = {
  kid: string
  private_jwk: string
  created_at: number
  signs_from: number
  retired_at: number | null
  published_until: number | null
}

/** A key without its private part: what a process compares to see whether its provider is current. */
export type SigningKeySchedule = Omit<SigningKeyRow, 'private_jwk'>

/**
 * `pending`: published, not signing yet; `active`: the one that signs; `previous`: published, no longer
 * signs; `retired`: stopped signing, published until its tokens cannot be valid; `removed`: out of the JWKS.
 */
type SigningKeyState = 'pending' | 'active' | 'previous' | 'retired' | 'removed'

export type SigningKeyListing = {
  kid: string
  state: SigningKeyState
  createdAt: number
  signsFrom: number
  retiredAt: number | null
  publishedUntil: number | null
}

/**
 * A retired key stays published this long past the lifetime of its last tokens: every process notices a
 * retirement within seconds (and may sign with the key until then), and relying parties accept a token
 * a little after its `exp` (clock skew; oidc-provider itself allows 15 s).
 */
export const retirementMarginMs = 60_000

/** A refused `signet keys` change; the message says why and what to do. */
export class SigningKeyRefusal extends Error {
  override name = 'SigningKeyRefusal'
}

/**
 * The kid that signs at `now`: the newest (by creation) key not retired whose `signs_from` has passed.
 * Undefined only when no such key exists (every live key still pending — a clock far behind the one
 * that rotated); the caller then signs with the earliest pending key rather than not at all.
 */
function signingKid(keys: readonly SigningKeySchedule[], now: number): string | undefined {
  const candidates = keys.filter((key) => key.retired_at === null && key.signs_from <= now)
  return candidates.sort(newestFirst)[0]?.kid
}

/** The state of each key at `now`, newest first. */
export function signingKeyStates(keys: readonly SigningKeySchedule[], now: number): SigningKeyListing[] {
  const signing = signingKid(keys, now)
  return [...keys].sort(newestFirst).map((key) => ({
    kid: key.kid,
    state: stateOf(key, signing, now),
    createdAt: key.created_at,
    signsFrom: key.signs_from,
    retiredAt: key.retired_at,
    publishedUntil: key.published_until,
  }))
}

function stateOf(key: SigningKeySchedule, signing: string | undefined, now: number): SigningKeyState {
  if (key.retired_at !== null) return (key.published_until ?? 0) > now ? 'retired' : 'removed'
  if (key.kid === signing) return 'active'
  return key.signs_from > now ? 'pending' : 'previous'
}

export type ProviderKeySet = {
  /** The published keys, the signing key first: oidc-provider signs with the first RS256 key it holds. */
  kids: string[]
  signingKid: string
  /** The next moment the set changes by itself (a pending key starts signing, a retired one leaves). */
  changesAt: number | undefined
}

/**
 * What a provider built at `now` must hold: every key published at `now`, the signing key first, then
 * the others newest first. oidc-provider's `selectForSign` keeps the configured order among keys that
 * match equally (same `alg` and `use`), so the first key signs (proven in signing-keys.test.ts).
 */
export function providerKeySet(keys: readonly SigningKeySchedule[], now: number): ProviderKeySet {
  const published = keys.filter((key) => key.retired_at === null || (key.published_until ?? 0) > now)
  const live = published.filter((key) => key.retired_at === null)
  const signing =
    signingKid(keys, now) ??
    [...live].sort((a, b) => a.signs_from - b.signs_from || newestFirst(a, b))[0]?.kid
  if (signing === undefined) throw new Error('no OpenID Connect signing key can sign: every key is retired')
  const rest = published.filter((key) => key.kid !== signing).sort(newestFirst)
  const upcoming = [
    ...live.map((key) => key.signs_from),
    ...published.flatMap((key) => (key.published_until === null ? [] : [key.published_until])),
  ].filter((time) => time > now)
  return {
    kids: [signing, ...rest.map((key) => key.kid)],
    signingKid: signing,
    changesAt: upcoming.length > 0 ? Math.min(...upcoming) : undefined,
  }
}

/** By creation; two keys made in the same millisecond by their `signs_from`, then kid (every process agrees). */
function newestFirst(a: SigningKeySchedule, b: SigningKeySchedule): number {
  return (
    b.created_at - a.created_at || b.signs_from - a.signs_from || (a.kid < b.kid ? 1 : a.kid > b.kid ? -1 : 0)
  )
}

/**
 * Makes sure the table holds a key. The first one is the key of `oidc_secrets`' `signing_jwks` — the key
 * Signet generated before keys had their own table, so its kid, and the tokens it signed, live on; on a
 * new database that secret is generated first. The secret is inserted only if absent and the key copied
 * only if absent, so processes starting together all end up with the same one key.
 *
 * @example await ensureSigningKeys(db)
 */
export async function ensureSigningKeys(db: StoreDatabase, now = Date.now()): Promise<void> {
  const existing = await db.selectFrom('oidc_signing_keys').select('kid').limit(1).executeTakeFirst()
  if (existing) return
  const secret = await storedSecret(
    db,
    'signing_jwks',
    () => JSON.stringify({ keys: [generateSigningKey()] }),
    now,
  )
  const created = await db
    .selectFrom('oidc_secrets')
    .select('created_at')
    .where('name', '=', 'signing_jwks')
    .executeTakeFirstOrThrow()
  const { keys } = JSON.parse(secret) as { keys: OidcSigningKey[] }
  for (const key of keys) {
    const jwk = { ...key, kid: key.kid ?? randomUUID() }
    await db
      .insertInto('oidc_signing_keys')
      .values({
        kid: jwk.kid,
        private_jwk: JSON.stringify(jwk),
        created_at: created.created_at,
        signs_from: created.created_at,
        retired_at: null,
        published_until: null,
      })
      .onConflict((conflict) => conflict.column('kid').doNothing())
      .execute()
  }
}

/** Every key without its private part (a handful of rows). */
export function readSigningKeySchedule(db: StoreDatabase): Promise<SigningKeySchedule[]> {
  return db
    .selectFrom('oidc_signing_keys')
    .select(['kid', 'created_at', 'signs_from', 'retired_at', 'published_until'])
    .execute()
}

/**
 * A value that changes whenever the keys do: rows are only ever added, and a retirement is never undone,
 * so the number of rows and of retired rows say it in one cheap query.
 */
export async function signingKeysVersion(db: StoreDatabase): Promise<string> {
  const row = await db
    .selectFrom('oidc_signing_keys')
    .select((eb) => [eb.fn.countAll().as('keys'), eb.fn.count('retired_at').as('retired')])
    .executeTakeFirstOrThrow()
  return `${Number(row.keys)}:${Number(row.retired)}`
}

/** The private JWKs of `kids`, in that order. */
export async function readPrivateKeys(db: StoreDatabase, kids: readonly string[]): Promise<OidcSigningKey[]> {
  if (kids.length === 0) return []
  const rows = await db
    .selectFrom('oidc_signing_keys')
    .select(['kid', 'private_jwk'])
    .where('kid', 'in', [...kids])
    .execute()
  const byKid = new Map(rows.map((row) => [row.kid, JSON.parse(row.private_jwk) as OidcSigningKey]))
  return kids.map((kid) => {
    const key = byKid.get(kid)
    if (!key) throw new Error(`the OpenID Connect signing key ${kid} is missing from the database`)
    return key
  })
}

export type RotatedKey = { kid: string; createdAt: number; signsFrom: number }

/**
 * Adds a new RS256 key: published at once, signing from `now + propagationMs`.
 *
 * @example const { kid, signsFrom } = await rotateSigningKey(db, { propagationMs: 600_000 })
 */
export async function rotateSigningKey(
  db: StoreDatabase,
  options: { propagationMs: number; now?: number },
): Promise<RotatedKey> {
  const now = options.now ?? Date.now()
  await ensureSigningKeys(db, now)
  const jwk = generateSigningKey()
  const signsFrom = now + options.propagationMs
  await db
    .insertInto('oidc_signing_keys')
    .values({
      kid: jwk.kid as string,
      private_jwk: JSON.stringify(jwk),
      created_at: now,
      signs_from: signsFrom,
      retired_at: null,
      published_until: null,
    })
    .execute()
  return { kid: jwk.kid as string, createdAt: now, signsFrom }
}

export type RetiredKey = {
  kid: string
  retiredAt: number
  publishedUntil: number
  /** The key that signs once this one stopped. */
  signingKid: string
}

/**
 * Stops `kid` signing. It stays published until `now` + the longest lifetime of a token it signed
 * (+ {@link retirementMarginMs}); a key that never signed (still pending) leaves at once. Refuses an
 * unknown or already retired key, and the only key that can sign now.
 *
 * @example const { publishedUntil } = await retireSigningKey(db, 'c0ffee…')
 */
export async function retireSigningKey(
  db: StoreDatabase,
  kid: string,
  options: { now?: number; tokenLifetimeMs?: number } = {},
): Promise<RetiredKey> {
  const now = options.now ?? Date.now()
  const tokenLifetimeMs = options.tokenLifetimeMs ?? longestSignedTokenLifetimeMs
  await ensureSigningKeys(db, now)
  return db.transaction().execute(async (trx) => {
    // Postgres: two retirements at once must not each leave the other as the only signer (SQLite runs one
    // writing transaction at a time).
    let query = trx
      .selectFrom('oidc_signing_keys')
      .select(['kid', 'created_at', 'signs_from', 'retired_at', 'published_until'])
    if (db.dialectKind === 'postgres') query = query.forUpdate()
    const keys = await query.execute()
    const key = keys.find((candidate) => candidate.kid === kid)
    if (!key) {
      throw new SigningKeyRefusal(
        `no signing key has the kid ${kid}; \`signet keys list\` shows them: ${keys.map((k) => k.kid).join(', ')}`,
      )
    }
    if (key.retired_at !== null) {
      throw new SigningKeyRefusal(
        `the key ${kid} was already retired at ${iso(key.retired_at)}; it leaves the JWKS at ${iso(key.published_until ?? key.retired_at)}`,
      )
    }
    const remaining = keys.filter((candidate) => candidate.kid !== kid)
    const next = signingKid(remaining, now)
    if (next === undefined) {
      const pending = remaining
        .filter((candidate) => candidate.retired_at === null)
        .sort((a, b) => a.signs_from - b.signs_from)[0]
      throw new SigningKeyRefusal(
        pending
          ? `the key ${kid} is the only key that can sign now; the key ${pending.kid} signs from ${iso(pending.signs_from)} — retire ${kid} after that`
          : `the key ${kid} is the only key that can sign; run \`signet keys rotate\` first, then retire it once the new key signs`,
      )
    }
    const neverSigned = key.signs_from > now
    const publishedUntil = neverSigned ? now : now + tokenLifetimeMs + retirementMarginMs
    await trx
      .updateTable('oidc_signing_keys')
      .set({ retired_at: now, published_until: publishedUntil })
      .where('kid', '=', kid)
      .execute()
    return { kid, retiredAt: now, publishedUntil, signingKid: next }
  })
}

/** One RS256 key (what every relying party accepts), with a random key id. */
export function generateSigningKey(): OidcSigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' }) as OidcSigningKey
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}
