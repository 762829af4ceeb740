import type { ErrorHandler } from 'hono'
import type { Logger } from 'pino'
import { errorBody, SignetError } from '../errors.ts'
import { annotateRequestLog, type RequestLogEnv } from './request-log.ts'

/**
 * The one renderer of error answers, `{"error":{"code","message"}}`, for every route (the app installs it
 * once; mounted routes throw and let it answer). A `SignetError` answers with its status and code; anything
 * else is a 500 `internal_error` whose cause stays in the server's log: the client gets no stack, no SQL,
 * no paths. The code goes into the request's log line.
 *
 * @example app.onError(errorResponse(log))
 */
export function errorResponse(log: Logger): ErrorHandler<RequestLogEnv> {
  return (error, c) => {
    if (error instanceof SignetError) {
      annotateRequestLog(c, { code: error.code })
      return c.json(error.toJSON(), error.status)
    }
    annotateRequestLog(c, { code: 'internal_error' })
    log.error({ err: error, path: c.req.path }, 'unexpected error')
    return c.json(errorBody('internal_error', 'Something went wrong on the server.'), 500)
  }
}
