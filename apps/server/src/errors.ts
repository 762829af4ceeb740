import type { ApiErrorCode, ErrorResponse, SignInErrorCode } from '@signet/protocol/auth-api'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * The server's one error model. Every error an API answer or the CLI's JSON reports is a `SignetError`:
 * a `code` of the protocol's list (`ApiErrorCode`, what clients switch on), the HTTP `status` it maps
 * to, and a message for humans. Routes throw it; request/error-response.ts renders it, for every route.
 *
 * @example throw new SignetError('wrong_step', 409, 'This sign-in request does not ask for a sign-in now.')
 */
export class SignetError extends Error {
  override name = 'SignetError'
  readonly code: ApiErrorCode
  readonly status: ContentfulStatusCode

  constructor(
    code: ApiErrorCode,
    status: ContentfulStatusCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.code = code
    this.status = status
  }

  /** The body of its error answer (and of the CLI's JSON): `{"error":{"code","message"}}`. */
  toJSON(): ErrorResponse {
    return errorBody(this.code, this.message)
  }
}

/** The body of every error answer, `{"error":{"code","message"}}`: one shape for the API and the CLI. */
export function errorBody(code: ApiErrorCode, message: string): ErrorResponse {
  return { error: { code, message } }
}

/**
 * The first line of an error's text: viem's `shortMessage` when it has one (its `message` runs over many
 * lines of details), else its `message`. For logs, reports and error messages that quote a cause.
 *
 * @example shortErrorMessage(new HttpRequestError({ url, status: 502 })) // 'HTTP request failed.'
 */
export function shortErrorMessage(error: unknown): string {
  const shortMessage = (error as { shortMessage?: unknown } | null | undefined)?.shortMessage
  const text =
    typeof shortMessage === 'string'
      ? shortMessage
      : error instanceof Error
        ? error.message
        : String((error as { message?: unknown } | null | undefined)?.message ?? error)
  return text.split('\n')[0] ?? ''
}

/** A malformed request body or argument (400). */
export class InvalidRequestError extends SignetError {
  override name = 'InvalidRequestError'
  constructor(message: string) {
    super('invalid_request', 400, message)
  }
}

/** The text is not an EIP-4361 message (400). `line` is 1-based when the fault is on one line. */
export class SiweParseError extends SignetError {
  override name = 'SiweParseError'
  readonly field: string | undefined
  readonly line: number | undefined

  constructor(message: string, details: { field?: string; line?: number } = {}) {
    super('invalid_message', 400, details.line === undefined ? message : `line ${details.line}: ${message}`)
    this.field = details.field
    this.line = details.line
  }
}

/** A well-formed sign-in that fails a rule (401). */
export class SignInError extends SignetError {
  override name = 'SignInError'
  declare readonly code: SignInErrorCode

  constructor(code: SignInErrorCode, message: string) {
    super(code, 401, message)
  }
}

/** The signature does not prove the address by any of the ways in docs/PRODUCT.md, "Valid signatures" (401). */
export class InvalidSignatureError extends SignInError {
  override name = 'InvalidSignatureError'
  constructor(message = 'The signature does not prove the address.') {
    super('invalid_signature', message)
  }
}

/**
 * A contract account could not be checked because its chain's RPC did not answer (503). Never reported as
 * an invalid signature: the signature may well be valid.
 */
export class RpcUnavailableError extends SignetError {
  override name = 'RpcUnavailableError'
  readonly chainId: number | undefined

  constructor(chainId: number | undefined, options?: { cause?: unknown }) {
    const reason = options?.cause instanceof Error ? shortErrorMessage(options.cause) : undefined
    super(
      'rpc_unavailable',
      503,
      `The RPC of chain ${chainId ?? 'unknown'} could not be reached to check the contract account${reason ? ` (${reason})` : ''}.`,
      options,
    )
    this.chainId = chainId
  }
}
