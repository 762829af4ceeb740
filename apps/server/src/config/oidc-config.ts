import { parseWithSchema } from '@signet/protocol/schema-error'
import { z } from 'zod'
import { readJsonSetting } from './json-setting.ts'

/**
 * The OpenID Connect provider's configuration: `SIGNET_OIDC_CLIENTS` (the applications that may sign
 * users in) and `SIGNET_OIDC_JWKS` (the private signing keys). Both are inline JSON or the path of a
 * JSON file, like `SIGNET_WALLETS`; both are validated once, at start, with errors naming the JSON path.
 */

/** One registered application. Confidential clients carry a secret; public ones (`none`) must use PKCE. */
export type OidcClientConfig = {
  client_id: string
  client_name: string
  /** Where the authorization code goes; empty for a client without the `authorization_code` grant. */
  redirect_uris: string[]
  post_logout_redirect_uris: string[]
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post' | 'none'
  client_secret?: string
  /** The operator's own application: no consent screen. */
  skip_consent: boolean
  /**
   * What the client may exchange at the token endpoint: `authorization_code` (a browser redirected back
   * to it) and/or the device code (RFC 8628: a command-line tool, a TV — the user signs in on another
   * screen); `refresh_token` lets it ask for `offline_access` and keep a user signed in without a new
   * wallet prompt.
   */
  grant_types: OidcGrantType[]
  /**
   * Where Signet POSTs a logout token (OpenID Connect Back-Channel Logout) when a session of this
   * application ends; none: the application is not told.
   */
  backchannel_logout_uri?: string
  /** The application needs `sid` in its logout tokens (and so in its ID tokens) to end one session. */
  backchannel_logout_session_required?: boolean
}

/** The device authorization grant (RFC 8628). */
export const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code'

/** The grants Signet's provider offers a client. */
const oidcGrantTypes = ['authorization_code', deviceCodeGrantType, 'refresh_token'] as const
type OidcGrantType = (typeof oidcGrantTypes)[number]

export type OidcSigningKey = Record<string, unknown> & { kty: string; kid?: string }

const redirectUri = z.string().refine(isRedirectUri, {
  message: 'expected an https URL (http only for localhost or 127.0.0.1), without a fragment',
})

const clientSchema = z
  .object({
    client_id: z
      .string()
      .regex(/^[A-Za-z0-9._~-]{1,100}$/, 'expected 1–100 characters of A–Z, a–z, 0–9, ".", "_", "~", "-"'),
    // The name goes into the SIWE message's statement, whose characters EIP-4361 restricts.
    client_name: z
      .string()
      .max(100)
      .regex(
        /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=][A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/,
        'expected a name of letters, digits, spaces and URL punctuation (it goes into the SIWE statement)',
      ),
    // Required with the authorization_code grant only (checked below): a device has nowhere to redirect to.
    redirect_uris: z.array(redirectUri).optional(),
    post_logout_redirect_uris: z.array(redirectUri).default([]),
    client_secret: z.string().min(32, 'expected at least 32 characters').max(500).optional(),
    token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
    skip_consent: z.boolean().default(false),
    grant_types: z
      .array(z.enum(oidcGrantTypes))
      .min(1)
      .refine((grants) => grants.includes('authorization_code') || grants.includes(deviceCodeGrantType), {
        message: `expected "authorization_code" or "${deviceCodeGrantType}" in the list (a sign-in starts with one of them)`,
      })
      .refine((grants) => new Set(grants).size === grants.length, { message: 'a grant type is listed twice' })
      .default(['authorization_code']),
    backchannel_logout_uri: redirectUri.optional(),
    backchannel_logout_session_required: z.boolean().default(false),
  })
  .strict()
  .superRefine((client, context) => {
    const redirects = client.grant_types.includes('authorization_code')
    if (redirects && client.redirect_uris === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['redirect_uris'],
        message: 'expected the redirect URIs of a client with the "authorization_code" grant',
      })
    } else if (redirects && client.redirect_uris?.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['redirect_uris'],
        message: 'expected at least one redirect URI',
      })
    } else if (!redirects && (client.redirect_uris?.length ?? 0) > 0) {
      context.addIssue({
        code: 'custom',
        path: ['redirect_uris'],
        message:
          'only a client with the "authorization_code" grant is redirected to: remove "redirect_uris" or add "authorization_code" to "grant_types"',
      })
    }
    const method = client.token_endpoint_auth_method
    if (method === 'none' && client.client_secret !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['client_secret'],
        message: 'a public client ("token_endpoint_auth_method": "none") has no secret',
      })
    }
    if (method !== 'none' && client.client_secret === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['client_secret'],
        message: 'expected a secret, or "token_endpoint_auth_method": "none" for a public client (PKCE)',
      })
    }
    if (client.backchannel_logout_session_required && client.backchannel_logout_uri === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['backchannel_logout_session_required'],
        message: 'expected a "backchannel_logout_uri" too (the logout token goes there)',
      })
    }
  })

const clientsSchema = z.array(clientSchema).superRefine((clients, context) => {
  const seen = new Set<string>()
  for (const [index, client] of clients.entries()) {
    if (seen.has(client.client_id)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'client_id'],
        message: `"${client.client_id}" is listed twice`,
      })
    }
    seen.add(client.client_id)
  }
})

// RFC 7517 private keys of the algorithms oidc-provider signs ID tokens with.
const privateKeySchema = z
  .object({
    kty: z.enum(['RSA', 'EC', 'OKP']),
    kid: z.string().min(1).optional(),
    d: z.string({ error: 'expected the private part "d" (a private JWKS)' }).min(1),
  })
  .passthrough()
const jwksSchema = z.object({ keys: z.array(privateKeySchema).min(1, 'expected at least one key') })

/**
 * `SIGNET_OIDC_CLIENTS`, or an empty list when unset.
 *
 * @throws {SchemaError} naming the bad JSON path.
 * @example readOidcClients({ SIGNET_OIDC_CLIENTS: './clients.json' }, '/srv/signet')
 */
export function readOidcClients(env: Record<string, string | undefined>, cwd: string): OidcClientConfig[] {
  const parsed = readJsonSetting(env, 'SIGNET_OIDC_CLIENTS', cwd)
  if (parsed === undefined) return []
  return parseWithSchema(clientsSchema, parsed, 'SIGNET_OIDC_CLIENTS').map((client) => ({
    ...client,
    redirect_uris: client.redirect_uris ?? [],
    token_endpoint_auth_method: client.token_endpoint_auth_method ?? 'client_secret_basic',
  }))
}

/**
 * `SIGNET_OIDC_JWKS`: the private signing keys, or undefined when unset (the provider then uses keys
 * generated once and kept in the database).
 *
 * @throws {SchemaError} naming the bad JSON path.
 */
export function readOidcJwks(
  env: Record<string, string | undefined>,
  cwd: string,
): { keys: OidcSigningKey[] } | undefined {
  const parsed = readJsonSetting(env, 'SIGNET_OIDC_JWKS', cwd)
  if (parsed === undefined) return undefined
  return parseWithSchema(jwksSchema, parsed, 'SIGNET_OIDC_JWKS') as { keys: OidcSigningKey[] }
}

function isRedirectUri(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  if (url.hash || text.includes('#')) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}
