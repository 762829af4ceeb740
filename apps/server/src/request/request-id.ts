import { randomUUID } from 'node:crypto'

export const requestIdHeader = 'X-Request-Id'

// A proxy's or client's id is kept when it cannot break a log line or a header: short, plain characters.
const acceptedRequestId = /^[A-Za-z0-9._:-]{1,64}$/

/**
 * The id of a request: the incoming `X-Request-Id` when it is short and safe (a proxy in front may have
 * set it, so both logs can be joined), else a fresh UUID. It is echoed in the response's `X-Request-Id`,
 * written in the request's log line and in the audit events the request causes.
 *
 * @example requestId('abc-123') // 'abc-123'; requestId('<script>') // '6f1c…' (generated)
 */
export function requestId(incoming: string | readonly string[] | undefined): string {
  const text = typeof incoming === 'string' ? incoming : undefined
  return text !== undefined && acceptedRequestId.test(text) ? text : randomUUID()
}
