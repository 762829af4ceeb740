import * as z from 'zod/mini'

/**
 * The sign-in API between the browser and the server (`/api/auth/*`): each request and answer as a
 * schema the server checks what it receives with and the browser checks what it gets back with,
 * and the error codes both switch on. An error answer is always `{"error":{"code","message"}}`.
 */

/** What kind of account a signature proved (how the server verified it). */
export const accountTypes = ['eoa', 'contract', 'counterfactual'] as const
export type AccountType = (typeof accountTypes)[number]

/**
 * Codes of a well-formed sign-in that fails one of the EIP-4361 rules or the signature check (all
 * 401): the signed message was refused, so signing it again will not help.
 */
export const signInErrorCodes = [
  'domain_mismatch',
  'uri_mismatch',
  'unsupported_version',
  'unsupported_chain',
  'expired',
  'not_yet_valid',
  'issued_in_future',
  'invalid_nonce',
  'invalid_signature',
] as const
export type SignInErrorCode = (typeof signInErrorCodes)[number]

/** Every code an error answer of the API can carry. */
export const apiErrorCodes = [
  'invalid_request',
  'invalid_message',
  ...signInErrorCodes,
  'no_session',
  'forbidden_origin',
  'payload_too_large',
  'rate_limited',
  'rpc_unavailable',
  'gateway_unavailable',
  'no_explorer',
  'database_unavailable',
  'not_found',
  'internal_error',
  /** The server is up but not yet serving (it answers before its app is built). */
  'starting',
  // The sign-in page of an application's OpenID Connect request (`/api/oidc/interaction/*`).
  'interaction_not_found',
  'unknown_client',
  'wrong_application',
  'wrong_step',
  'no_completed_sign_in',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]

/**
 * The statement of the SIWE message that signs a user in to `appName` (Signet itself, or an
 * application through Signet's OpenID Connect provider; then the message's `Resources` list the
 * application's redirect URI, so the user sees where the proof goes).
 */
export function signInStatement(appName: string): string {
  return `Sign in to ${appName} with your Ethereum account.`
}

/** The longest SIWE text the API takes: any real message is far shorter (the longest vector ~1 KB). */
export const maxMessageLength = 16_384
const isoTime = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO time'))
const message = z
  .string()
  .check(z.minLength(1, 'must not be empty'), z.maxLength(maxMessageLength, 'is too long'))

/** `GET /api/auth/nonce` → a single-use nonce. */
export const nonceResponseSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,}$/, 'must be 8 or more letters and digits')),
  expiresAt: isoTime,
})
export type NonceResponse = z.output<typeof nonceResponseSchema>

/** `POST /api/auth/verify`: the EIP-4361 text and its signature (hex; `0x` for an on-chain approval). */
export const verifyRequestSchema = z.object({
  message,
  signature: z
    .string()
    .check(z.maxLength(20_000, 'is too long'), z.regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex')),
})
export type VerifyRequest = z.output<typeof verifyRequestSchema>

/** The answer of verify and of `GET /api/auth/session`: the signed-in account and the session's times. */
export const sessionResponseSchema = z.object({
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')),
  chainId: z.int().check(z.positive()),
  accountType: z.enum(accountTypes),
  issuedAt: isoTime,
  expiresAt: isoTime,
})
export type SessionResponse = z.output<typeof sessionResponseSchema>

/** `POST /api/auth/pending`: holds the nonce of a Safe sign-in that waits for its co-owners. */
export const pendingRequestSchema = z.object({ message })
export type PendingRequest = z.output<typeof pendingRequestSchema>
/** The held nonce and when it lapses (the message's expiration time, capped by the server). */
export const pendingResponseSchema = nonceResponseSchema
export type PendingResponse = NonceResponse

/** Every error answer. */
export const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) })
export type ErrorResponse = z.output<typeof errorResponseSchema>
