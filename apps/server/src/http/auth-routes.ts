import { type NonceResponse, type SessionResponse, verifyRequestSchema } from '@signet/protocol/auth-api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { sessionIdPrefix } from '../audit/audit-event.ts'
import { auditSignIn, type HttpAudit, type SignInAttempt, sessionAccount } from '../audit/http-audit.ts'
import { type SignInContext, signIn } from '../auth/sign-in.ts'
import { InvalidRequestError, SignetError } from '../errors.ts'
import { issueNonce } from '../store/nonce-store.ts'
import { deleteSession, findSession, type Session } from '../store/session-store.ts'
import { readJsonBody } from './json-body.ts'
import { enforceRateLimit, type RateLimiter } from './rate-limit.ts'
import { annotateRequestLog, type RequestLogEnv, shortAddress, shortNonce } from './request-log.ts'

export const sessionCookieName = 'signet_session'

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
    const token = getCookie(c, sessionCookieName)
    const session = token ? await findSession(options.db, token, now()) : undefined
    if (!session) throw new SignetError('no_session', 401, 'There is no live session.')
    return c.json(sessionBody(session))
  })

  routes.post('/logout', async (c) => {
    const token = getCookie(c, sessionCookieName)
    const ended = token ? await deleteSession(options.db, token) : undefined
    if (ended)
      await options.audit?.record(c, {
        type: 'session.ended',
        account: sessionAccount(ended),
        details: { reason: 'logout', session: sessionIdPrefix(ended.id) },
      })
    await options.endOidcSession?.(c)
    deleteCookie(c, sessionCookieName, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'Lax' })
    return c.body(null, 204)
  })

  return routes
}

/** Sets the session cookie: HttpOnly, Lax, `Secure` under https, for as long as the session lives. */
export function setSessionCookie(
  c: Context,
  token: string,
  session: Session,
  options: { secure: boolean; now: number },
): void {
  setCookie(c, sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: options.secure,
    maxAge: Math.max(1, Math.floor((session.expiresAt - options.now) / 1000)),
  })
}

/** A session as the API answers it (verify, session, and the OpenID Connect sign-in page). */
export function sessionBody(session: Session): SessionResponse {
  return {
    address: session.address,
    chainId: session.chainId,
    accountType: session.accountType,
    issuedAt: new Date(session.issuedAt).toISOString(),
    expiresAt: new Date(session.expiresAt).toISOString(),
  }
}
