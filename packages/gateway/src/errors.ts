import type { GatewayCallName } from './operations.ts'

export type GatewayErrorCode =
  | 'GATEWAY_HTTP_ERROR'
  | 'GATEWAY_TIMEOUT'
  | 'GATEWAY_NETWORK_ERROR'
  | 'GATEWAY_RESPONSE_INVALID'

/** Base of every error the gateway client throws; `code` is what callers switch on. */
export class GatewayError extends Error {
  readonly code: GatewayErrorCode
  /** The client method that failed, e.g. `getSafeInfo`. */
  readonly call: GatewayCallName
  constructor(code: GatewayErrorCode, call: GatewayCallName, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'GatewayError'
    this.code = code
    this.call = call
  }
}

/**
 * The gateway answered with a non-2xx status. The message is the gateway's own text: `code: message`
 * when the body carries both (as the gateway's error bodies do), otherwise the HTTP status text.
 */
export class GatewayHttpError extends GatewayError {
  readonly status: number
  /** The parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  readonly body: unknown
  constructor(call: GatewayCallName, status: number, message: string, body: unknown) {
    super('GATEWAY_HTTP_ERROR', call, message)
    this.name = 'GatewayHttpError'
    this.status = status
    this.body = body
  }
}

export class GatewayTimeoutError extends GatewayError {
  readonly timeoutMs: number
  /** `GET /v1/chains/1/safes/0x…`: what was asked. */
  readonly request: string
  constructor(call: GatewayCallName, request: string, timeoutMs: number) {
    super(
      'GATEWAY_TIMEOUT',
      call,
      `The Safe Client Gateway did not answer within ${timeoutMs} ms (${request})`,
    )
    this.name = 'GatewayTimeoutError'
    this.timeoutMs = timeoutMs
    this.request = request
  }
}

export class GatewayNetworkError extends GatewayError {
  /** What was asked, and why it did not arrive (the fetch error's message). */
  readonly request: string
  readonly reason: string
  constructor(call: GatewayCallName, request: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      'GATEWAY_NETWORK_ERROR',
      call,
      `The Safe Client Gateway could not be reached (${request}): ${reason}`,
      {
        cause,
      },
    )
    this.name = 'GatewayNetworkError'
    this.request = request
    this.reason = reason
  }
}

/** A 2xx response whose body does not have the shape Signet reads: names the call and the field. */
export class GatewayResponseError extends GatewayError {
  /** Where the first mismatch is, e.g. `owners[0].value` (empty for the body itself). */
  readonly field: string
  /** What is wrong there, e.g. `expected a string`. */
  readonly problem: string
  constructor(call: GatewayCallName, field: string, problem: string) {
    super(
      'GATEWAY_RESPONSE_INVALID',
      call,
      `Unexpected Safe Client Gateway response to ${call}: ${field ? `${field}: ` : ''}${problem}`,
    )
    this.name = 'GatewayResponseError'
    this.field = field
    this.problem = problem
  }
}
