import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'

/**
 * The OpenID Connect provider's configuration: `SIGNET_OIDC_CLIENTS` (the applications that may sign
 * users in) and `SIGNET_OIDC_JWKS` (the private signing keys). Both are inline JSON or the path of a
 * JSON file, like `SIGNET_WALLETS`; both are validated once, at start, with errors naming the JSON path.
 */

/** One registered application. Confidential clients carry a secret; public ones (`none`) must use PKCE. */
export type OidcClientConfig = {
  client_id: string
  client_name: string
  redirect_uris: string[]
  post_logout_redirect_uris: string[]
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post' | 'none'
  client_secret?: string
  /** The operator's own application: no consent screen. */
  skip_consent: boolean
}

export type OidcSigningKey = Record<string, unknown> & { kty: string; kid?: string }

/** A bad OIDC variable; `field` is the JSON path (`SIGNET_OIDC_CLIENTS[0].redirect_uris[1]`). */
export class OidcConfigError extends Error {
  override name = 'OidcConfigError'
  constructor(
    readonly variable: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`)
  }
}

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
    redirect_uris: z.array(redirectUri).min(1, 'expected at least one redirect URI'),
    post_logout_redirect_uris: z.array(redirectUri).default([]),
    client_secret: z.string().min(32, 'expected at least 32 characters').max(500).optional(),
    token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
    skip_consent: z.boolean().default(false),
  })
  .strict()
  .superRefine((client, context) => {
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
 * @throws {OidcConfigError} naming the bad JSON path.
 * @example readOidcClients({ SIGNET_OIDC_CLIENTS: './clients.json' }, '/srv/signet')
 */
export function readOidcClients(env: Record<string, string | undefined>, cwd: string): OidcClientConfig[] {
  const variable = 'SIGNET_OIDC_CLIENTS'
  const parsed = readJsonVariable(env, variable, cwd, '[')
  if (parsed === undefined) return []
  const result = clientsSchema.safeParse(parsed)
  if (!result.success) throw firstIssue(variable, result.error)
  return result.data.map((client) => ({
    ...client,
    token_endpoint_auth_method: client.token_endpoint_auth_method ?? 'client_secret_basic',
  }))
}

/**
 * `SIGNET_OIDC_JWKS`: the private signing keys, or undefined when unset (the provider then uses keys
 * generated once and kept in the database).
 *
 * @throws {OidcConfigError} naming the bad JSON path.
 */
export function readOidcJwks(
  env: Record<string, string | undefined>,
  cwd: string,
): { keys: OidcSigningKey[] } | undefined {
  const variable = 'SIGNET_OIDC_JWKS'
  const parsed = readJsonVariable(env, variable, cwd, '{')
  if (parsed === undefined) return undefined
  const result = jwksSchema.safeParse(parsed)
  if (!result.success) throw firstIssue(variable, result.error)
  return result.data as { keys: OidcSigningKey[] }
}

function readJsonVariable(
  env: Record<string, string | undefined>,
  variable: string,
  cwd: string,
  inlineStart: '[' | '{',
): unknown {
  const text = env[variable]?.trim()
  if (!text) return undefined
  let source = 'inline JSON'
  let json = text
  if (!text.startsWith('[') && !text.startsWith('{')) {
    const path = resolve(cwd, text)
    source = JSON.stringify(path)
    try {
      json = readFileSync(path, 'utf8')
    } catch (error) {
      throw new OidcConfigError(variable, variable, `cannot read ${source} (${(error as Error).message})`)
    }
  }
  try {
    return JSON.parse(json)
  } catch (error) {
    throw new OidcConfigError(
      variable,
      variable,
      `${source} is not valid JSON (${(error as Error).message}); expected ${inlineStart === '[' ? 'a list' : 'an object'}`,
    )
  }
}

function firstIssue(variable: string, error: z.ZodError): OidcConfigError {
  const issue = error.issues[0]
  const path = (issue?.path ?? [])
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
  return new OidcConfigError(variable, `${variable}${path}`, issue?.message ?? 'invalid')
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
