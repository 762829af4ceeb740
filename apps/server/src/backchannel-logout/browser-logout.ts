import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import { deleteCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type Provider from 'oidc-provider'
import { type StoreDatabase, type StoreSchema, writeDurably } from '../store/database.ts'
import { enqueueSessionLogout, type LogoutReason } from './logout-deliveries.ts'

/**
 * Ends one provider session (oidc-provider's `Session`, the `_session` cookie of a browser) as the
 * provider's own logout does, in one durable transaction: queues a logout token for every application
 * it signed in, revokes those applications' grants (their codes, access and refresh tokens) except a
 * grant that asked for `offline_access`, which outlives a logout as oidc-provider keeps it, and deletes
 * the session. Returns how many logout tokens were queued.
 *
 * @example await endProviderSession(db, sessionId, 'signet_logout')
 */
export async function endProviderSession(
  db: StoreDatabase,
  sessionId: string,
  reason: LogoutReason,
): Promise<number> {
  return writeDurably(db, (durable) =>
    inTransaction(durable, async (trx) => {
      const row = await trx
        .selectFrom('oidc_models')
        .select('payload')
        .where('model', '=', 'Session')
        .where('id', '=', sessionId)
        .executeTakeFirst()
      if (!row) return 0
      const queued = await enqueueSessionLogout(trx, { sessionId, reason })
      const session = JSON.parse(row.payload) as {
        authorizations?: Record<string, { grantId?: string; persistsLogout?: boolean }>
      }
      const grantIds = Object.values(session.authorizations ?? {})
        .filter((authorization) => authorization.grantId && !authorization.persistsLogout)
        .map((authorization) => authorization.grantId as string)
      await trx
        .deleteFrom('oidc_models')
        .where((where) =>
          where.or([
            where.and([where('model', '=', 'Session'), where('id', '=', sessionId)]),
            ...(grantIds.length > 0
              ? [
                  where('grant_id', 'in', grantIds),
                  where.and([where('model', '=', 'Grant'), where('id', 'in', grantIds)]),
                ]
              : []),
          ]),
        )
        .execute()
      return queued
    }),
  )
}

/**
 * Signing out of Signet (`POST /api/auth/logout`) signs the same browser out of its applications: the
 * provider session named by the browser's `_session` cookie (its signature checked with the provider's
 * cookie keys; the cookie's path is `/`, so it reaches the API) is ended with `endProviderSession`, and
 * its cookie cleared. Sessions of the same account in other browsers are left alone. `onQueued` runs
 * when logout tokens were queued (the local deliverer sends them at once).
 *
 * @example authRoutes({ ...options, endOidcSession: browserProviderLogout({ db, provider: () => provider, secure, onQueued }) })
 */
export function browserProviderLogout(options: {
  db: StoreDatabase
  provider: () => Provider
  secure: boolean
  onQueued?: () => void
}): (c: Context) => Promise<void> {
  return async (c) => {
    const bindings = c.env as Partial<HttpBindings> | undefined
    if (!bindings?.incoming || !bindings.outgoing) return
    const provider = options.provider()
    const name = provider.cookieName('session')
    const sessionId = provider.createContext(bindings.incoming, bindings.outgoing).cookies.get(name, {
      signed: true,
    })
    if (!sessionId) return
    const queued = await endProviderSession(options.db, sessionId, 'signet_logout')
    for (const cookie of [name, `${name}.sig`])
      deleteCookie(c, cookie, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'Lax' })
    if (queued > 0) options.onQueued?.()
  }
}

// A connection-bound Kysely (writeDurably's) still opens a transaction of its own.
function inTransaction<T>(
  db: Kysely<StoreSchema>,
  run: (trx: Kysely<StoreSchema>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(run)
}
