import {
  errorResponseSchema,
  type NonceResponse,
  nonceResponseSchema,
  type SessionResponse,
  sessionResponseSchema,
  type VerifyRequest,
} from '@signet/protocol/auth-api'
import { type Address, getAddress } from 'viem'

/** A live sign-in, as the server reports it (the protocol's session answer, address checksummed). */
export type SignInSession = Omit<SessionResponse, 'address'> & { address: Address }

export type Nonce = NonceResponse

/** The API answered with an error body `{error:{code,message}}`, or not at all. */
export class AuthApiError extends Error {
  override name = 'AuthApiError'
  readonly code: string
  readonly status: number
  /** Seconds to wait before trying again, from the answer's `Retry-After` (e.g. with 429 or 503). */
  readonly retryAfterSeconds: number | undefined
  constructor(code: string, status: number, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message)
    this.code = code
    this.status = status
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export type AuthApi = {
  getNonce(): Promise<Nonce>
  verify(request: VerifyRequest): Promise<SignInSession>
  /** The current session, or undefined when there is none (401). */
  getSession(): Promise<SignInSession | undefined>
  logout(): Promise<void>
}

/**
 * The browser's client for the sign-in API of the server that served the page. The session
 * travels in an HttpOnly cookie, so every call is same-origin with credentials.
 *
 * @example const api = createAuthApi(); const { nonce } = await api.getNonce()
 */
export function createAuthApi(options: AuthApiOptions = {}): AuthApi {
  const call = (path: string, init: RequestInit = {}) => requestAuthApi(path, init, options)
  return {
    async getNonce() {
      const body = nonceResponseSchema.safeParse(
        await readAuthApiJson(await call('nonce', { cache: 'no-store' })),
      )
      if (!body.success) throw new AuthApiError('invalid_response', 200, 'The nonce response is malformed.')
      return body.data
    },
    async verify(request) {
      return parseSession(
        await readAuthApiJson(await call('verify', { method: 'POST', body: JSON.stringify(request) })),
      )
    },
    async getSession() {
      const response = await call('session', { cache: 'no-store' })
      if (response.status === 401) return undefined
      return parseSession(await readAuthApiJson(response))
    },
    async logout() {
      const response = await call('logout', { method: 'POST' })
      if (!response.ok) await readAuthApiJson(response)
    },
  }
}

export type AuthApiOptions = { baseUrl?: string; fetch?: typeof fetch }

/**
 * One same-origin call to `/api/auth/<path>` with credentials; a network failure becomes
 * `AuthApiError('network_error')`. The global `fetch` is looked up per call (the Safe App frame wraps it).
 */
export async function requestAuthApi(
  path: string,
  init: RequestInit = {},
  options: AuthApiOptions = {},
): Promise<Response> {
  const fetchFn = options.fetch ?? fetch
  try {
    return await fetchFn(`${options.baseUrl ?? ''}/api/auth/${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    })
  } catch (error) {
    throw new AuthApiError(
      'network_error',
      0,
      `The sign-in service cannot be reached: ${(error as Error).message}`,
    )
  }
}

/** The JSON body of an answer, or the API's `{error:{code,message}}` as an {@link AuthApiError}. */
export async function readAuthApiJson(response: Response): Promise<unknown> {
  const retryAfterSeconds = response.ok ? undefined : readRetryAfter(response.headers.get('retry-after'))
  const details = retryAfterSeconds === undefined ? {} : { retryAfterSeconds }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new AuthApiError(
      'invalid_response',
      response.status,
      `The sign-in service answered HTTP ${response.status}.`,
      details,
    )
  }
  if (!response.ok) {
    const answer = errorResponseSchema.safeParse(body)
    if (answer.success)
      throw new AuthApiError(answer.data.error.code, response.status, answer.data.error.message, details)
    throw new AuthApiError('http_error', response.status, `HTTP ${response.status}`, details)
  }
  return body
}

/** `Retry-After` in whole seconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
function readRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

function parseSession(body: unknown): SignInSession {
  const session = sessionResponseSchema.safeParse(body)
  if (!session.success) throw new AuthApiError('invalid_response', 200, 'The session response is malformed.')
  return { ...session.data, address: getAddress(session.data.address) }
}
