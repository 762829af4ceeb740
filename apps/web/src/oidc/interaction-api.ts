import {
  type InteractionDetails,
  interactionDetailsSchema,
  interactionLoginResponseSchema,
  interactionRedirectSchema,
  safeSignInResponseSchema,
} from '@signet/protocol/oidc-interaction-api'
import { getAddress } from 'viem'
import type * as z from 'zod/mini'
import { AuthApiError, readAuthApiJson, type SignInSession } from '../auth/auth-api.ts'

export type { InteractionDetails }

/** Reads an answer with its protocol schema; anything else is a malformed answer. */
function readAnswer<T extends z.ZodMiniType>(schema: T, body: unknown): z.output<T> {
  const answer = schema.safeParse(body)
  if (!answer.success) throw new AuthApiError('invalid_response', 200, 'The answer of Signet is malformed.')
  return answer.data
}

/** A session from the server, its address checksummed. */
function signInSession(session: z.output<typeof safeSignInResponseSchema>): SignInSession {
  return { ...session, address: getAddress(session.address) }
}

/** Validates the details answer at the boundary. */
export function readInteractionDetails(body: unknown): InteractionDetails {
  const details = readAnswer(interactionDetailsSchema, body)
  return details.session
    ? { ...details, session: { ...details.session, address: getAddress(details.session.address) } }
    : details
}

/**
 * The browser's client for one sign-in request of an application (apps/server/src/oidc/interaction-routes.ts).
 * Each step answers where the browser goes next (`redirectTo`, back to the provider).
 *
 * @example const api = createInteractionApi(uid); const details = await api.details()
 */
export function createInteractionApi(uid: string) {
  const base = `/oidc/interaction/${encodeURIComponent(uid)}`
  const call = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    let response: Response
    try {
      response = await fetch(path.startsWith('/') ? path : `${base}/${path}`, {
        credentials: 'same-origin',
        cache: 'no-store',
        ...init,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      })
    } catch (error) {
      throw new AuthApiError('network_error', 0, `Signet cannot be reached: ${(error as Error).message}`)
    }
    return readAuthApiJson(response)
  }
  const redirectOf = (body: unknown) => readAnswer(interactionRedirectSchema, body).redirectTo
  const post = (path: string, body: unknown = {}) =>
    call(path, { method: 'POST', body: JSON.stringify(body) })
  return {
    async details(): Promise<InteractionDetails> {
      return readInteractionDetails(await call('details'))
    },
    /** Signs in with a signed SIWE message; the session opened and where to go. */
    async login(request: { message: string; signature: string }): Promise<{
      redirectTo: string
      session: SignInSession
    }> {
      const { redirectTo, session } = readAnswer(interactionLoginResponseSchema, await post('login', request))
      return { redirectTo, session: signInSession(session) }
    },
    /** Signs in as this browser's Signet session. */
    async continueAsSession(): Promise<string> {
      return redirectOf(await post('continue'))
    },
    /** Finishes this request with the Safe's sign-in that completed for the application. */
    async completeSafeSignIn(): Promise<string> {
      return redirectOf(await post('safe-completion'))
    },
    /**
     * Signs in as a Safe whose owners confirmed, for the application `clientId` — whether or not this
     * request still lives.
     */
    async safeSignIn(
      clientId: string,
      request: { message: string; signature: string },
    ): Promise<SignInSession> {
      const body = await call('/oidc/interaction/safe-sign-in', {
        method: 'POST',
        body: JSON.stringify({ clientId, ...request }),
      })
      return signInSession(readAnswer(safeSignInResponseSchema, body))
    },
    async consent(): Promise<string> {
      return redirectOf(await post('consent'))
    },
    async abort(): Promise<string> {
      return redirectOf(await post('abort'))
    },
  }
}

export type InteractionApi = ReturnType<typeof createInteractionApi>
