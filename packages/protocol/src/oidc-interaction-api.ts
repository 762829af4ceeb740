import * as z from 'zod/mini'
import { accountTypes, sessionResponseSchema, verifyRequestSchema } from './auth-api.ts'

/**
 * The calls of Signet's sign-in page for an application's OpenID Connect request, under
 * `/oidc/interaction/<uid>/` (where the provider's interaction cookie is sent). Every step answers
 * where the browser goes next (`{redirectTo}`: back to the provider, which continues the request).
 */

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'))
const url = z.string().check(z.refine((value) => URL.canParse(value), 'must be a URL'))

/** `GET details`: who asks, for what, and what the request needs now. */
export const interactionDetailsSchema = z.object({
  uid: z.string(),
  /** A sign-in, or the user's consent to share the scopes. */
  prompt: z.enum(['login', 'consent']),
  client: z.object({ id: z.string(), name: z.string() }),
  /**
   * Where the proof goes back to the application; null for a device's request (RFC 8628), which ends on
   * Signet's "You are signed in" page while the device fetches its tokens.
   */
  redirectUri: z.nullable(url),
  /** What the signed message's `Resources` must list: the redirect URI, or for a device Signet's device page. */
  resource: url,
  scopes: z.array(z.string()),
  /** The statement the server expects in the signed message: it names the application. */
  statement: z.string(),
  /** The account signed in, at the consent step (CAIP-10). */
  accountId: z.nullable(z.string()),
  /** A Safe's sign-in for this application completed since the last request: it finishes this one at once. */
  safeCompletion: z.boolean(),
  /** This browser's Signet session, which may continue at once. */
  session: z.nullable(
    z.object({ address, chainId: z.int().check(z.positive()), accountType: z.enum(accountTypes) }),
  ),
})
export type InteractionDetails = z.output<typeof interactionDetailsSchema>

/** The answer of `continue`, `safe-completion`, `consent` and `abort`. */
export const interactionRedirectSchema = z.object({ redirectTo: url })

/** `POST login`: a SIWE message signed for this application (statement and `resource`). */
export const interactionLoginRequestSchema = verifyRequestSchema
/** …answers the Signet session it opened and where to go. */
export const interactionLoginResponseSchema = z.object({ redirectTo: url, session: sessionResponseSchema })

/**
 * `POST /oidc/interaction/safe-sign-in`: a Safe's completed pending sign-in for the application
 * `clientId`, whether or not the request that started it still lives; answers the session.
 */
export const safeSignInRequestSchema = z.object({
  ...verifyRequestSchema.shape,
  clientId: z.string().check(z.minLength(1), z.maxLength(100)),
})
export const safeSignInResponseSchema = sessionResponseSchema
