import { type Address, getAddress, isAddress } from 'viem'

/** A live sign-in, as the server reports it (SPEC §2.1). */
export type SignInSession = {
  address: Address
  chainId: number
  accountType: 'eoa' | 'contract' | 'counterfactual'
  issuedAt: string
  expiresAt: string
}

export type Nonce = { nonce: string; expiresAt: string }

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
  verify(request: { message: string; signature: string }): Promise<SignInSession>
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
      const body = await readAuthApiJson(await call('nonce', { cache: 'no-store' }))
      const nonce = (body as Partial<Nonce>).nonce
      const expiresAt = (body as Partial<Nonce>).expiresAt
      if (typeof nonce !== 'string' || !/^[A-Za-z0-9]{8,}$/.test(nonce) || typeof expiresAt !== 'string') {
        throw new AuthApiError('invalid_response', 200, 'The nonce response is malformed.')
      }
      return { nonce, expiresAt }
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
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
    throw new AuthApiError(
      typeof error?.code === 'string' ? error.code : 'http_error',
      response.status,
      typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`,
      details,
    )
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
  const raw = (body ?? {}) as Record<string, unknown>
  const accountType = raw.accountType
  if (
    typeof raw.address !== 'string' ||
    !isAddress(raw.address, { strict: false }) ||
    typeof raw.chainId !== 'number' ||
    (accountType !== 'eoa' && accountType !== 'contract' && accountType !== 'counterfactual') ||
    typeof raw.issuedAt !== 'string' ||
    typeof raw.expiresAt !== 'string'
  ) {
    throw new AuthApiError('invalid_response', 200, 'The session response is malformed.')
  }
  return {
    address: getAddress(raw.address),
    chainId: raw.chainId,
    accountType,
    issuedAt: raw.issuedAt,
    expiresAt: raw.expiresAt,
  }
}
