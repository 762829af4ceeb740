import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Session } from '../store/session-store.ts'

/**
 * The browser's Signet session cookie, set by a sign-in of the API (`/api/auth/verify`) or of an
 * application's sign-in page (`/oidc/interaction/…`) and read by both: one name and one set of
 * attributes.
 */
export const sessionCookieName = 'signet_session'

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

/** The session token the browser sent, if any. */
export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, sessionCookieName)
}

/** Removes the session cookie (logout), with the attributes it was set with. */
export function deleteSessionCookie(c: Context, options: { secure: boolean }): void {
  deleteCookie(c, sessionCookieName, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'Lax' })
}
