import { type NonceResponse, verifyRequestSchema } from '@signet/protocol/auth-api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { sessionIdPrefix } from '../audit/audit-event.ts'
import { auditSignIn, type HttpAudit, type SignInAttempt, sessionAccount } from '../audit/http-audit.ts'
import { sessionBody } from '../auth/session-response.ts'
import { type SignInContext, signIn } from '../auth/sign-in.ts'
import { InvalidRequestError, SignetError } from '../errors.ts'
import { readJsonBody } from '../request/json-body.ts'
import { enforceRateLimit, type RateLimiter } from '../request/rate-limit.ts'
import { annotateRequestLog, type RequestLogEnv, shortAddress, shortNonce } from '../request/request-log.ts'
import { deleteSessionCookie, readSessionCookie, setSessionCookie } from '../request/session-cookie.ts'
import { issueNonce } from '../store/nonce-store.ts'
import { deleteSession, findSession } from '../store/session-store.ts'

export type AuthRoutesOptions = SignInContext & {
  nonceTtlMs: number
  /** Served over HTTPS: the cookie gets `Secure`. */
  secure: boolean
  rateLimits?: { nonce: RateLimiter; verify: RateLimiter }
  clientKey: (c: Context) => string
  /** The audit trail of sign-ins and logouts; none in tests that do not look at it. */
  audit?: HttpAudit
  /**
   * With the OpenID Connect provider on: logout also ends the provider session of this browser and
   * queues logout tokens for its applications (backchannel-logout/browser-logout.ts).
   */
  endOidcSession?: (c: Context) => Promise<void>
}

/** The sign-in API (docs/PRODUCT.md, "Sign-in API"): nonce, verify, session, logout. */
export function authRoutes(options: AuthRoutesOptions): Hono<RequestLogEnv> {
  const routes = new Hono<RequestLogEnv>()
  const now = () => options.now?.() ?? Date.now()

  routes.get('/nonce', async (c) => {
    await enforceRateLimit(c, options.rateLimits?.nonce, options.clientKey(c))
    const issued = await issueNonce(options.db, now(), options.nonceTtlMs)
    annotateRequestLog(c, { noncePrefix: shortNonce(issued.nonce) })
    c.header('Cache-Control', 'no-store')
    return c.json({
      nonce: issued.nonce,
      expiresAt: new Date(issued.expiresAt).toISOString(),
    } satisfies NonceResponse)
  })

  routes.post('/verify', async (c) => {
    await enforceRateLimit(c, options.rateLimits?.verify, options.clientKey(c))
    const attempt: SignInAttempt = {}
    const { token, session } = await auditSignIn(c, options.audit, attempt, async () => {
      const body = verifyRequestSchema.safeParse(await readJsonBody(c))
      if (!body.success) {
        const issue = body.error.issues[0]
        throw new InvalidRequestError(
          `The body must be {"message": "<EIP-4361 text>", "signature": "0x…"}${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}.`,
        )
      }
      attempt.message = body.data.message
      return signIn(body.data, options)
    })
    annotateRequestLog(c, { address: shortAddress(session.address) })
    setSessionCookie(c, token, session, { secure: options.secure, now: now() })
    return c.json(sessionBody(session))
  })

  routes.get('/session', async (c) => {
    c.header('Cache-Control', 'no-store')
    const token = readSessionCookie(c)
    const session = token ? await findSession(options.db, token, now()) : undefined
    if (!session) throw new SignetError('no_session', 401, 'There is no live session.')
    return c.json(sessionBody(session))
  })

  routes.post('/logout', async (c) => {
    const token = readSessionCookie(c)
    const ended = token ? await deleteSession(options.db, token) : undefined
    if (ended)
      await options.audit?.record(c, {
        type: 'session.ended',
        account: sessionAccount(ended),
        details: { reason: 'logout', session: sessionIdPrefix(ended.id) },
      })
    await options.endOidcSession?.(c)
    deleteSessionCookie(c, { secure: options.secure })
    return c.body(null, 204)
  })

  return routes
}
