import { type Address, getAddress, isAddress } from 'viem'
import { AuthApiError, readAuthApiJson, type SignInSession } from '../auth/auth-api.ts'

/** What Signet's server says about an application's sign-in request (`GET /oidc/interaction/<uid>/details`). */
export type InteractionDetails = {
  uid: string
  /** What the request needs now: a sign-in, or the user's consent to share the scopes. */
  prompt: 'login' | 'consent'
  client: { id: string; name: string }
  redirectUri: string
  scopes: string[]
  /** The SIWE statement the server expects: it names the application. */
  statement: string
  /** The account signed in, at the consent step (CAIP-10). */
  accountId: string | null
  /** A Safe's sign-in for this application completed since the last request: it finishes this one at once. */
  safeCompletion: boolean
  /** This browser's Signet session, which may continue at once. */
  session: { address: Address; chainId: number; accountType: SignInSession['accountType'] } | null
}

const accountTypes = ['eoa', 'contract', 'counterfactual']

function malformed(): AuthApiError {
  return new AuthApiError('invalid_response', 200, 'The answer of Signet is malformed.')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function readSession(raw: unknown): InteractionDetails['session'] {
  if (raw === null) return null
  if (
    !isRecord(raw) ||
    typeof raw.address !== 'string' ||
    !isAddress(raw.address, { strict: false }) ||
    typeof raw.chainId !== 'number' ||
    !accountTypes.includes(raw.accountType as string)
  )
    throw malformed()
  return {
    address: getAddress(raw.address),
    chainId: raw.chainId,
    accountType: raw.accountType as SignInSession['accountType'],
  }
}

/** Validates the details answer at the boundary. */
export function readInteractionDetails(body: unknown): InteractionDetails {
  if (!isRecord(body) || !isRecord(body.client)) throw malformed()
  const { uid, prompt, client, redirectUri, scopes, statement, accountId } = body
  if (
    typeof uid !== 'string' ||
    (prompt !== 'login' && prompt !== 'consent') ||
    typeof client.id !== 'string' ||
    typeof client.name !== 'string' ||
    typeof redirectUri !== 'string' ||
    !URL.canParse(redirectUri) ||
    !Array.isArray(scopes) ||
    !scopes.every((scope) => typeof scope === 'string') ||
    typeof statement !== 'string' ||
    (accountId !== null && typeof accountId !== 'string') ||
    typeof body.safeCompletion !== 'boolean'
  )
    throw malformed()
  return {
    uid,
    prompt,
    client: { id: client.id, name: client.name },
    redirectUri,
    scopes: scopes as string[],
    statement,
    accountId: accountId as string | null,
    safeCompletion: body.safeCompletion,
    session: readSession(body.session ?? null),
  }
}

/** `{redirectTo}`: a same-origin URL (the provider's resume route) or the application's redirect URI. */
function readRedirect(body: unknown): string {
  if (!isRecord(body) || typeof body.redirectTo !== 'string' || !URL.canParse(body.redirectTo))
    throw malformed()
  return body.redirectTo
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
      const body = await post('login', request)
      const session = isRecord(body) ? readSession(body.session ?? null) : null
      const raw = isRecord(body) && isRecord(body.session) ? body.session : {}
      if (!session || typeof raw.issuedAt !== 'string' || typeof raw.expiresAt !== 'string') throw malformed()
      return {
        redirectTo: readRedirect(body),
        session: { ...session, issuedAt: raw.issuedAt, expiresAt: raw.expiresAt },
      }
    },
    /** Signs in as this browser's Signet session. */
    async continueAsSession(): Promise<string> {
      return readRedirect(await post('continue'))
    },
    /** Finishes this request with the Safe's sign-in that completed for the application. */
    async completeSafeSignIn(): Promise<string> {
      return readRedirect(await post('safe-completion'))
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
      const session = readSession(isRecord(body) ? body : null)
      if (
        !session ||
        !isRecord(body) ||
        typeof body.issuedAt !== 'string' ||
        typeof body.expiresAt !== 'string'
      )
        throw malformed()
      return { ...session, issuedAt: body.issuedAt, expiresAt: body.expiresAt }
    },
    async consent(): Promise<string> {
      return readRedirect(await post('consent'))
    },
    async abort(): Promise<string> {
      return readRedirect(await post('abort'))
    },
  }
}

export type InteractionApi = ReturnType<typeof createInteractionApi>
