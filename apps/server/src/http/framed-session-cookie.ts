import type { MiddlewareHandler } from 'hono'
import { sessionCookieName } from '../request/session-cookie.ts'

/**
 * Sent by the web app when it runs inside a cross-site frame (a Safe App inside Safe{Wallet}).
 * Browsers neither store nor send a `SameSite=Lax` cookie there, so the session cookie of that
 * response is issued as a partitioned cookie instead (CHIPS: `SameSite=None; Secure; Partitioned`).
 */
export const framedSessionHeader = 'X-Signet-Frame'
const framedSessionHeaderValue = 'cross-site'

/**
 * Middleware for `/api/auth/*`: on a request marked with {@link framedSessionHeader}, rewrites the
 * session cookie the route sets (sign-in) or clears (logout) into its partitioned form. A partitioned
 * cookie lives in a jar keyed by the top-level site, so it is only ever sent inside frames under that
 * site (e.g. app.safe.global) and never reaches the standalone app, whose cookie stays `SameSite=Lax`.
 * Chromium treats http://localhost and 127.0.0.1 as secure, so `Secure` works in local tests too.
 *
 * @example app.use('/api/auth/*', framedSessionCookie())
 */
export function framedSessionCookie(cookieName = sessionCookieName): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.header(framedSessionHeader) !== framedSessionHeaderValue) return
    const cookies = c.res.headers.getSetCookie()
    if (!cookies.some((cookie) => isCookie(cookie, cookieName))) return
    // In place: assigning a new `c.res` would make Hono merge the old Set-Cookie headers back in.
    c.res.headers.delete('Set-Cookie')
    for (const cookie of cookies) {
      c.res.headers.append('Set-Cookie', isCookie(cookie, cookieName) ? partitioned(cookie) : cookie)
    }
  }
}

function isCookie(setCookie: string, name: string): boolean {
  return setCookie.startsWith(`${name}=`)
}

/** The same cookie (value, path, lifetime, HttpOnly) as `SameSite=None; Secure; Partitioned`. */
export function partitioned(setCookie: string): string {
  const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim())
  const kept = attributes.filter((attribute) => !/^(samesite|secure|partitioned)(=|$)/i.test(attribute))
  return [pair, ...kept, 'Secure', 'SameSite=None', 'Partitioned'].join('; ')
}
