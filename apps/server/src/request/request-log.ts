import type { ApiErrorCode } from '@signet/protocol/auth-api'
import type { Context, MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import { requestId, requestIdHeader } from './request-id.ts'

/**
 * What a route may add to its request's log line. Never a secret in full: nonces and addresses are
 * shortened with {@link shortNonce} / {@link shortAddress}; signatures, messages and cookies are never
 * logged at all.
 */
export type RequestLogFields = { code?: ApiErrorCode; address?: string; noncePrefix?: string }

export type RequestLogEnv = { Variables: { requestLog?: RequestLogFields; requestId?: string } }

// Paths come from the client; a line stays bounded whatever it sends.
const maxLoggedPathLength = 128

/**
 * One structured line per request, once the response is known: method, path (no query string),
 * status, duration in ms, request id (see {@link requestId}; echoed in `X-Request-Id`), plus the fields
 * the route added. 5xx answers are logged as warnings.
 *
 * @example app.use('*', requestLogger(log))
 */
export function requestLogger(log: Logger): MiddlewareHandler<RequestLogEnv> {
  return async (c, next) => {
    const start = performance.now()
    const id = requestId(c.req.header(requestIdHeader))
    c.set('requestId', id)
    await next()
    // On the response in place, as the security headers are (app.ts).
    c.res.headers.set(requestIdHeader, id)
    const status = c.res.status
    const line = {
      requestId: id,
      method: c.req.method,
      path:
        c.req.path.length > maxLoggedPathLength ? `${c.req.path.slice(0, maxLoggedPathLength)}…` : c.req.path,
      status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      ...c.get('requestLog'),
    }
    if (status >= 500) log.warn(line, 'request')
    else log.info(line, 'request')
  }
}

/** Adds fields to the current request's log line. */
export function annotateRequestLog(c: Context<RequestLogEnv>, fields: RequestLogFields): void {
  c.set('requestLog', { ...c.get('requestLog'), ...fields })
}

/** The first 4 characters of a nonce: enough to correlate lines, useless to replay a sign-in. */
export function shortNonce(nonce: string): string {
  return `${nonce.slice(0, 4)}…`
}

/** `0xf39F…2266`: how wallets show an address. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}
