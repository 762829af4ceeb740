import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { storeDatabases } from '../../test/store-databases.ts'
import type { SignetConfig } from '../config/config.ts'
import { openDatabase, type StoreSchema, storeMigrations } from './database.ts'

const databases = storeDatabases('signet-migration-')

/** The database as it was before `0005_account_columns`. */
async function openAtAuditEvents(settings: SignetConfig['database']): Promise<Kysely<StoreSchema>> {
  const db = new Kysely<StoreSchema>({
    dialect:
      settings.kind === 'sqlite'
        ? new SqliteDialect({ database: new SQLite(settings.path) })
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: settings.url }) }),
  })
  const migrator = new Migrator({ db, provider: { getMigrations: async () => storeMigrations } })
  const { error } = await migrator.migrateTo('0004_audit_events')
  if (error) throw error
  return db
}

describe.each(databases)('0005_account_columns on %s', (_name, database) => {
  it('fills account_id of the provider rows written before it, from their payloads', async () => {
    const settings = database()
    const before = await openAtAuditEvents(settings)
    const row = (model: string, id: string, payload: object) =>
      ({
        model,
        id,
        payload: JSON.stringify(payload),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: null,
        consumed_at: null,
      }) as never
    await before
      .insertInto('oidc_models')
      .values([
        row('Grant', 'g1', { accountId: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
        row('Interaction', 'i1', {
          session: { accountId: 'eip155:5:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
        }),
        row('Interaction', 'i2', {
          result: { login: { accountId: 'eip155:100:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } },
        }),
        row('AuthorizationCode', 'c1', { grantId: 'g1' }),
      ])
      .execute()
    await before.destroy()

    const db = await openDatabase(settings)
    const rows = await db.selectFrom('oidc_models').select(['id', 'account_id']).orderBy('id').execute()
    expect(rows).toEqual([
      { id: 'c1', account_id: null },
      { id: 'g1', account_id: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      { id: 'i1', account_id: 'eip155:5:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      { id: 'i2', account_id: 'eip155:100:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    ])
    await db.destroy()
  })
})
