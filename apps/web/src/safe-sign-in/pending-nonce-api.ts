import { AuthApiError } from '../auth/auth-api.ts'

export type HeldNonce = { nonce: string; expiresAt: string }

/**
 * `POST /api/auth/pending {message}`: asks the server to hold the message's nonce while co-owners confirm
 * (until the message's expiration time, capped by the server's setting). Errors are the API's own
 * (`invalid_nonce` when the nonce is gone), as {@link AuthApiError}.
 *
 * @example const { expiresAt } = await holdPendingNonce(message)
 */
export async function holdPendingNonce(
  message: string,
  options: { fetch?: typeof fetch } = {},
): Promise<HeldNonce> {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init))
  let response: Response
  try {
    response = await fetchFn('/api/auth/pending', {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    })
  } catch (error) {
    throw new AuthApiError(
      'network_error',
      0,
      `The sign-in service cannot be reached: ${(error as Error).message}`,
    )
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new AuthApiError(
      'invalid_response',
      response.status,
      `The sign-in service answered HTTP ${response.status}.`,
    )
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
    throw new AuthApiError(
      typeof error?.code === 'string' ? error.code : 'http_error',
      response.status,
      typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`,
    )
  }
  const held = body as Partial<HeldNonce>
  if (
    typeof held.nonce !== 'string' ||
    typeof held.expiresAt !== 'string' ||
    Number.isNaN(Date.parse(held.expiresAt))
  ) {
    throw new AuthApiError('invalid_response', response.status, 'The pending sign-in response is malformed.')
  }
  return { nonce: held.nonce, expiresAt: held.expiresAt }
}
