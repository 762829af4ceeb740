import { type PendingResponse, pendingResponseSchema } from '@signet/protocol/auth-api'
import { AuthApiError, readAuthApiJson, requestAuthApi } from '../auth/auth-api.ts'

export type HeldNonce = PendingResponse

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
  const response = await requestAuthApi(
    'pending',
    { method: 'POST', cache: 'no-store', body: JSON.stringify({ message }) },
    options,
  )
  const held = pendingResponseSchema.safeParse(await readAuthApiJson(response))
  if (!held.success)
    throw new AuthApiError('invalid_response', response.status, 'The pending sign-in response is malformed.')
  return held.data
}
