import { type SignInErrorCode, signInErrorCodes } from '@signet/protocol/auth-api'

/**
 * Typed errors of the server. Every error the API or the CLI reports carries a snake_case `code` that
 * clients switch on and the HTTP `status` it maps to; the message is for humans.
 *
 * @example
 * try { checkSiweRules(msg, rules) } catch (error) {
 *   if (error instanceof SignetError) return c.json({ error: { code: error.code, message: error.message } }, error.status)
 * }
 */
export class SignetError extends Error {
  override name = 'SignetError'
  readonly code: string
  readonly status: number

  constructor(code: string, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.status = status
  }

  /** The body of an error response: `{"error":{"code","message"}}`. */
  toJSON(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message } }
  }
}

/** Every code raised by siwe/, verify/, chain/ and the CLI. */
export const errorCodes = [
  'invalid_request',
  'invalid_message',
  'invalid_rpc_url',
  ...signInErrorCodes,
  'rpc_unavailable',
] as const

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
    const reason = describeCause(options?.cause)
    super(
      'rpc_unavailable',
      503,
      `The RPC of chain ${chainId ?? 'unknown'} could not be reached to check the contract account${reason ? ` (${reason})` : ''}.`,
      options,
    )
    this.chainId = chainId
  }
}

function describeCause(cause: unknown): string | undefined {
  if (!(cause instanceof Error)) return undefined
  // viem errors carry a multi-line message; the first line names the failure (timeout, HTTP error, …).
  const shortMessage = (cause as { shortMessage?: unknown }).shortMessage
  const text = typeof shortMessage === 'string' ? shortMessage : cause.message
  return text.split('\n')[0]
}
