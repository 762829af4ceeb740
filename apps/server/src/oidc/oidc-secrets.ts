import { randomBytes } from 'node:crypto'
import type { OidcSigningKey } from '../config/oidc-config.ts'
import type { StoreDatabase } from '../store/database.ts'

export type OidcSecrets = {
  /** The private JWKS the provider signs ID tokens with, the signing key first. */
  jwks: { keys: OidcSigningKey[] }
  /** Keys of the provider's signed cookies (newest first). */
  cookieKeys: string[]
}

/**
 * The keys of the provider's signed cookies, the same in every process: generated once and kept in the
 * database. (Its signing keys come from `SIGNET_OIDC_JWKS` or from signing-keys.ts.)
 *
 * @example const cookieKeys = await loadOidcCookieKeys(db)
 */
export async function loadOidcCookieKeys(db: StoreDatabase, now = Date.now()): Promise<string[]> {
  return JSON.parse(
    await storedSecret(db, 'cookie_keys', () => JSON.stringify([randomBytes(32).toString('base64url')]), now),
  ) as string[]
}

/**
 * The stored value of a secret; when there is none yet, `create()`'s — unless another process won. Each
 * secret is inserted only if absent and then read back, so two processes starting at once agree on the
 * one that was stored first.
 */
export async function storedSecret(
  db: StoreDatabase,
  name: string,
  create: () => string,
  now: number,
): Promise<string> {
  const existing = await readSecret(db, name)
  if (existing !== undefined) return existing
  await db
    .insertInto('oidc_secrets')
    .values({ name, value: create(), created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute()
  const stored = await readSecret(db, name)
  if (stored === undefined) throw new Error(`the OIDC secret ${name} could not be stored`)
  return stored
}

async function readSecret(db: StoreDatabase, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('oidc_secrets').select('value').where('name', '=', name).executeTakeFirst()
  return row?.value
}
