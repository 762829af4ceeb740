import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import type { StoreDatabase } from '../store/database.ts'
import type { OidcSigningKey } from './oidc-config.ts'

export type OidcSecrets = {
  /** The private JWKS the provider signs ID tokens with. */
  jwks: { keys: OidcSigningKey[] }
  /** Keys of the provider's signed cookies (newest first). */
  cookieKeys: string[]
}

/**
 * The provider's secrets, the same in every process: the signing keys of `SIGNET_OIDC_JWKS` when set,
 * else a key generated once and kept in the database; the cookie keys always from the database. Each
 * secret is inserted only if absent and then read back, so two processes starting at once agree on the
 * one that was stored first.
 *
 * @example const { jwks, cookieKeys } = await loadOidcSecrets(db, config.oidc.jwks)
 */
export async function loadOidcSecrets(
  db: StoreDatabase,
  configuredJwks: { keys: OidcSigningKey[] } | undefined,
  now = Date.now(),
): Promise<OidcSecrets> {
  const jwks =
    configuredJwks ??
    (JSON.parse(await storedSecret(db, 'signing_jwks', () => JSON.stringify(generateSigningJwks()), now)) as {
      keys: OidcSigningKey[]
    })
  const cookieKeys = JSON.parse(
    await storedSecret(db, 'cookie_keys', () => JSON.stringify([randomBytes(32).toString('base64url')]), now),
  ) as string[]
  return { jwks, cookieKeys }
}

/** The stored value of a secret; when there is none yet, `create()`'s — unless another process won. */
async function storedSecret(
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

/** One RS256 key (what every relying party accepts), with a random key id. */
function generateSigningJwks(): { keys: OidcSigningKey[] } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' }) as OidcSigningKey
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] }
}
