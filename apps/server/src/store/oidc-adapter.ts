import { errors } from 'oidc-provider'
import { payloadAccountId, type StoreDatabase } from './database.ts'

/** What oidc-provider stores for a model instance (its fields are the provider's business). */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string
  userCode?: string
  uid?: string
  consumed?: number
}

/**
 * oidc-provider's storage on Signet's own database (SQLite or Postgres), so every process — and every
 * machine on one Postgres — sees the same grants, codes, tokens, sessions and interactions. One table,
 * keyed by model name and id; expired rows are never returned and are swept with the rest.
 *
 * `consume` is a conditional UPDATE: of two concurrent token requests with one authorization code, one
 * marks it consumed and the other matches no row — it then revokes the grant's tokens (a replayed code
 * means the code leaked) and fails with `invalid_grant`.
 *
 * @example new Provider(issuer, { adapter: oidcAdapterFactory(db) })
 */
export function oidcAdapterFactory(db: StoreDatabase, now: () => number = Date.now) {
  return (model: string) => new OidcKyselyAdapter(db, model, now)
}

/**
 * Seconds a model's row outlives its expiry: an expired device code must still be found, so that the
 * device polling it hears `expired_token` and the person typing it reads "expired", not "unknown". The
 * provider checks every token's own expiry itself.
 */
const keptAfterExpiry: Record<string, number> = { DeviceCode: 3600 }

export class OidcKyselyAdapter {
  constructor(
    private readonly db: StoreDatabase,
    readonly model: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores the payload; `expiresIn` is in seconds (undefined: no expiry). */
  async upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      account_id: payloadAccountId(payload),
      expires_at:
        typeof expiresIn === 'number'
          ? this.now() + (expiresIn + (keptAfterExpiry[this.model] ?? 0)) * 1000
          : null,
    }
    await this.db
      .insertInto('oidc_models')
      .values({ ...row, consumed_at: null })
      .onConflict((conflict) =>
        conflict.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          user_code: row.user_code,
          uid: row.uid,
          account_id: row.account_id,
          expires_at: row.expires_at,
        }),
      )
      .execute()
  }

  find(id: string): Promise<OidcPayload | undefined> {
    return this.#findBy('id', id)
  }

  findByUid(uid: string): Promise<OidcPayload | undefined> {
    return this.#findBy('uid', uid)
  }

  findByUserCode(userCode: string): Promise<OidcPayload | undefined> {
    return this.#findBy('user_code', userCode)
  }

  /**
   * Marks the instance consumed, once: a second call (a replay, or a concurrent exchange on another
   * process) revokes every token of its grant and throws `invalid_grant`.
   */
  async consume(id: string): Promise<void> {
    const now = this.now()
    const consumed = await this.db
      .updateTable('oidc_models')
      .set({ consumed_at: now })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst()
    if (consumed.numUpdatedRows === 1n) return
    const row = await this.db
      .selectFrom('oidc_models')
      .select('grant_id')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst()
    if (row?.grant_id) await this.revokeByGrantId(row.grant_id)
    throw new errors.InvalidGrant(`${this.model} already consumed`)
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_models').where('model', '=', this.model).where('id', '=', id).execute()
  }

  /** Deletes every token and code of the grant, and the grant itself (whatever the model asking). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_models')
      .where((where) =>
        where.or([
          where('grant_id', '=', grantId),
          where.and([where('model', '=', 'Grant'), where('id', '=', grantId)]),
        ]),
      )
      .execute()
  }

  async #findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<OidcPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_models')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst()
    if (!row) return undefined
    if (row.expires_at !== null && Number(row.expires_at) <= this.now()) return undefined
    const payload = JSON.parse(row.payload) as OidcPayload
    if (row.consumed_at !== null) payload.consumed = Math.floor(Number(row.consumed_at) / 1000)
    return payload
  }
}

/** Deletes expired provider rows (called with the store's other sweeps). */
export async function sweepExpiredOidcModels(db: StoreDatabase, now: number): Promise<number> {
  const deleted = await db.deleteFrom('oidc_models').where('expires_at', '<=', now).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
