import { type PendingResponse, pendingRequestSchema } from '@signet/protocol/auth-api'
import { type Context, Hono } from 'hono'
import type { HttpAudit } from '../audit/http-audit.ts'
import { holdPendingSignInNonce, type PendingSignInContext } from '../auth/pending-sign-in.ts'
import { InvalidRequestError, SignetError } from '../errors.ts'
import { readJsonBody } from './json-body.ts'
import { enforceRateLimit, type RateLimiter } from './rate-limit.ts'
import { annotateRequestLog, type RequestLogEnv, shortNonce } from './request-log.ts'

export type PendingSignInRoutesOptions = PendingSignInContext & {
  /** Per-client limit (each call holds a nonce for days); none when rate limits are off. */
  limit?: { limiter: RateLimiter; clientKey: (c: Context) => string }
  audit?: HttpAudit
}

/**
 * `POST /` `{message}` → `{nonce, expiresAt}`: holds the nonce of a Safe sign-in that waits for its
 * co-owners. Mounted at `/api/auth/pending`; renders its own errors as `{error:{code,message}}`
 * so that it answers the same mounted or alone.
 *
 * @example app.route('/api/auth/pending', pendingSignInRoutes({ db, domain, origin, chainIds, pendingNonceTtlMs }))
 */
export function pendingSignInRoutes(options: PendingSignInRoutesOptions): Hono<RequestLogEnv> {
  const routes = new Hono<RequestLogEnv>()

  routes.post('/', async (c) => {
    if (options.limit) await enforceRateLimit(c, options.limit.limiter, options.limit.clientKey(c))
    const body = pendingRequestSchema.safeParse(await readJsonBody(c))
    if (!body.success) throw new InvalidRequestError('The body must be {"message": "<EIP-4361 text>"}.')
    const held = await holdPendingSignInNonce(body.data, options)
    annotateRequestLog(c, { noncePrefix: shortNonce(held.nonce) })
    if (held.firstHold)
      await options.audit?.record(c, {
        type: 'safe_sign_in.proposed',
        account: held.account,
        details: { nonce: shortNonce(held.nonce), expiresAt: new Date(held.expiresAt).toISOString() },
      })
    c.header('Cache-Control', 'no-store')
    return c.json({
      nonce: held.nonce,
      expiresAt: new Date(held.expiresAt).toISOString(),
    } satisfies PendingResponse)
  })

  routes.onError((error, c) => {
    if (!(error instanceof SignetError)) throw error
    annotateRequestLog(c, { code: error.code })
    return c.json(error.toJSON(), error.status as 400)
  })
  return routes
}
