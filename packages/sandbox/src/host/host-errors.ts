export type SandboxHostErrorCode =
  | 'UNKNOWN_SAFE'
  | 'NOT_AN_OWNER'
  | 'NO_OWNER_KEY'
  | 'ALREADY_CONFIRMED'
  | 'NOT_FOUND'
  | 'NOT_PENDING'
  | 'BELOW_THRESHOLD'
  | 'RPC_CALL_NOT_ALLOWED'
  | 'BAD_REQUEST'
  | 'NO_DEPLOYMENT'
  | 'EXECUTION_FAILED'
  | 'GATEWAY_FAILED'

const statusOf: Record<SandboxHostErrorCode, number> = {
  UNKNOWN_SAFE: 404,
  NOT_FOUND: 404,
  NOT_AN_OWNER: 422,
  NO_OWNER_KEY: 422,
  ALREADY_CONFIRMED: 422,
  NOT_PENDING: 409,
  BELOW_THRESHOLD: 409,
  RPC_CALL_NOT_ALLOWED: 403,
  BAD_REQUEST: 400,
  NO_DEPLOYMENT: 422,
  EXECUTION_FAILED: 502,
  GATEWAY_FAILED: 502,
}

/** What the sandbox host's JSON endpoints answer with `{ error: { code, message } }`. */
export class SandboxHostError extends Error {
  readonly code: SandboxHostErrorCode
  readonly status: number
  constructor(code: SandboxHostErrorCode, message: string) {
    super(message)
    this.name = 'SandboxHostError'
    this.code = code
    this.status = statusOf[code]
  }
}
