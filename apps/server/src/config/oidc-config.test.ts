import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { readOidcClients, readOidcJwks } from './oidc-config.ts'

const secret = 'a-confidential-secret-of-at-least-32-chars'
const confidential = {
  client_id: 'wiki',
  client_name: 'Team Wiki',
  redirect_uris: ['https://wiki.example.com/oauth/callback'],
  client_secret: secret,
}
const publicClient = {
  client_id: 'spa',
  client_name: 'Dashboard',
  redirect_uris: ['http://localhost:5173/callback'],
  post_logout_redirect_uris: ['http://localhost:5173/'],
  token_endpoint_auth_method: 'none',
  skip_consent: true,
}

const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code'

const chainEnv = { SIGNET_RPC_1: 'http://127.0.0.1:8545' }

/** The message of the ConfigError `loadConfig` throws for this environment. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...chainEnv, ...env }, '/srv/signet')
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected a ConfigError')
}

describe('SIGNET_OIDC_CLIENTS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'signet-oidc-config-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads inline JSON: a confidential and a public client, with defaults', () => {
    const clients = readOidcClients(
      { SIGNET_OIDC_CLIENTS: JSON.stringify([confidential, publicClient]) },
      dir,
    )
    expect(clients).toEqual([
      {
        ...confidential,
        post_logout_redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
        skip_consent: false,
        grant_types: ['authorization_code'],
        backchannel_logout_session_required: false,
      },
      {
        ...publicClient,
        skip_consent: true,
        grant_types: ['authorization_code'],
        backchannel_logout_session_required: false,
      },
    ])
  })

  it('reads a back-channel logout URI, and whether the application needs sid', () => {
    const [wiki, spa] = readOidcClients(
      {
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          {
            ...confidential,
            backchannel_logout_uri: 'https://wiki.example.com/oauth/backchannel-logout?tenant=1',
            backchannel_logout_session_required: true,
          },
          { ...publicClient, backchannel_logout_uri: 'http://localhost:5173/logout' },
        ]),
      },
      dir,
    )
    expect(wiki).toMatchObject({
      backchannel_logout_uri: 'https://wiki.example.com/oauth/backchannel-logout?tenant=1',
      backchannel_logout_session_required: true,
    })
    expect(spa).toMatchObject({
      backchannel_logout_uri: 'http://localhost:5173/logout',
      backchannel_logout_session_required: false,
    })
  })

  it('refuses a back-channel logout URI that is not https (http only for localhost), or has a fragment', () => {
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          { ...confidential, backchannel_logout_uri: 'http://wiki.example.com/logout' },
        ]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].backchannel_logout_uri: expected an https URL (http only for localhost or 127.0.0.1), without a fragment',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          publicClient,
          { ...confidential, backchannel_logout_uri: 'https://wiki.example.com/logout#now' },
        ]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[1].backchannel_logout_uri: expected an https URL (http only for localhost or 127.0.0.1), without a fragment',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, backchannel_logout_uri: 42 }]),
      }),
    ).toBe('SIGNET_OIDC_CLIENTS[0].backchannel_logout_uri: Invalid input: expected string, received number')
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, backchannel_logout_session_required: true }]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].backchannel_logout_session_required: expected a "backchannel_logout_uri" too (the logout token goes there)',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          {
            ...confidential,
            backchannel_logout_uri: 'https://wiki.example.com/logout',
            backchannel_logout_session_required: 'yes',
          },
        ]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].backchannel_logout_session_required: Invalid input: expected boolean, received string',
    )
  })

  it('reads a JSON file named by path, relative to the working folder', () => {
    writeFileSync(join(dir, 'clients.json'), JSON.stringify([publicClient]))
    expect(readOidcClients({ SIGNET_OIDC_CLIENTS: 'clients.json' }, dir).map((c) => c.client_id)).toEqual([
      'spa',
    ])
  })

  it('turns the provider on with clients, and in demo mode without any', () => {
    const withClients = loadConfig({ ...chainEnv, SIGNET_OIDC_CLIENTS: JSON.stringify([confidential]) })
    expect(withClients.oidc.enabled).toBe(true)
    expect(loadConfig(chainEnv).oidc).toEqual({
      enabled: false,
      clients: [],
      jwks: undefined,
      refreshTtlMs: 30 * 24 * 3600 * 1000,
      keyPropagationMs: 10 * 60 * 1000,
      logoutRetryForMs: 24 * 3600 * 1000,
      deviceCodeTtlMs: 15 * 60 * 1000,
    })
    expect(loadConfig({ ...chainEnv, SIGNET_OIDC_LOGOUT_RETRY_FOR: '90m' }).oidc.logoutRetryForMs).toBe(
      90 * 60 * 1000,
    )
    expect(loadConfig({ ...chainEnv, SIGNET_MODE: 'demo' }).oidc.enabled).toBe(true)
  })

  it('names the JSON path of a bad field', () => {
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          { ...confidential, redirect_uris: ['http://wiki.example.com/cb'] },
        ]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].redirect_uris[0]: expected an https URL (http only for localhost or 127.0.0.1), without a fragment',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([confidential, { ...publicClient, redirect_uris: [] }]),
      }),
    ).toBe('SIGNET_OIDC_CLIENTS[1].redirect_uris: expected at least one redirect URI')
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...publicClient, client_secret: secret }]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].client_secret: a public client ("token_endpoint_auth_method": "none") has no secret',
    )
    expect(
      configError({ SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, client_secret: undefined }]) }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].client_secret: expected a secret, or "token_endpoint_auth_method": "none" for a public client (PKCE)',
    )
    expect(configError({ SIGNET_OIDC_CLIENTS: JSON.stringify([confidential, confidential]) })).toBe(
      'SIGNET_OIDC_CLIENTS[1].client_id: "wiki" is listed twice',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, client_name: 'Wiki\nInjected: line' }]),
      }),
    ).toMatch(/^SIGNET_OIDC_CLIENTS\[0\]\.client_name: expected a name of letters/)
    expect(configError({ SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, scope: 'openid' }]) })).toBe(
      'SIGNET_OIDC_CLIENTS[0].scope: Unrecognized key: "scope"',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, grant_types: ['refresh_token'] }]),
      }),
    ).toBe(
      `SIGNET_OIDC_CLIENTS[0].grant_types: expected "authorization_code" or "${deviceGrant}" in the list (a sign-in starts with one of them)`,
    )
    expect(
      configError({ SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, grant_types: ['implicit'] }]) }),
    ).toMatch(/^SIGNET_OIDC_CLIENTS\[0\]\.grant_types\[0\]: Invalid option/)
    expect(configError({ SIGNET_OIDC_LOGOUT_RETRY_FOR: '1 day' })).toBe(
      'SIGNET_OIDC_LOGOUT_RETRY_FOR: expected a duration such as 90s, 30m, 24h or 7d, got "1 day"',
    )
    expect(configError({ SIGNET_OIDC_REFRESH_TTL: 'forever' })).toBe(
      'SIGNET_OIDC_REFRESH_TTL: expected a duration such as 90s, 30m, 24h or 7d, got "forever"',
    )
  })

  it('reads a device-only client (RFC 8628) without redirect URIs', () => {
    const cli = {
      client_id: 'cli',
      client_name: 'Signet CLI',
      token_endpoint_auth_method: 'none',
      grant_types: [deviceGrant, 'refresh_token'],
    }
    expect(
      readOidcClients(
        { SIGNET_OIDC_CLIENTS: JSON.stringify([cli, { ...cli, client_id: 'tv', redirect_uris: [] }]) },
        dir,
      ),
    ).toEqual([
      {
        ...cli,
        redirect_uris: [],
        post_logout_redirect_uris: [],
        skip_consent: false,
        backchannel_logout_session_required: false,
      },
      {
        ...cli,
        client_id: 'tv',
        redirect_uris: [],
        post_logout_redirect_uris: [],
        skip_consent: false,
        backchannel_logout_session_required: false,
      },
    ])
    const both = { ...confidential, grant_types: ['authorization_code', deviceGrant] }
    expect(readOidcClients({ SIGNET_OIDC_CLIENTS: JSON.stringify([both]) }, dir)[0]?.grant_types).toEqual([
      'authorization_code',
      deviceGrant,
    ])
  })

  it('asks for redirect URIs exactly when the client is redirected to', () => {
    const { redirect_uris: _none, ...withoutRedirects } = confidential
    expect(configError({ SIGNET_OIDC_CLIENTS: JSON.stringify([withoutRedirects]) })).toBe(
      'SIGNET_OIDC_CLIENTS[0].redirect_uris: expected the redirect URIs of a client with the "authorization_code" grant',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          { ...withoutRedirects, grant_types: ['authorization_code', deviceGrant] },
        ]),
      }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].redirect_uris: expected the redirect URIs of a client with the "authorization_code" grant',
    )
    expect(
      configError({ SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...confidential, grant_types: [deviceGrant] }]) }),
    ).toBe(
      'SIGNET_OIDC_CLIENTS[0].redirect_uris: only a client with the "authorization_code" grant is redirected to: remove "redirect_uris" or add "authorization_code" to "grant_types"',
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([{ ...withoutRedirects, grant_types: ['refresh_token'] }]),
      }),
    ).toBe(
      `SIGNET_OIDC_CLIENTS[0].grant_types: expected "authorization_code" or "${deviceGrant}" in the list (a sign-in starts with one of them)`,
    )
    expect(
      configError({
        SIGNET_OIDC_CLIENTS: JSON.stringify([
          { ...withoutRedirects, grant_types: [deviceGrant, deviceGrant] },
        ]),
      }),
    ).toBe('SIGNET_OIDC_CLIENTS[0].grant_types: a grant type is listed twice')
  })

  it('reads SIGNET_OIDC_DEVICE_CODE_TTL: 15 minutes by default, at most a day', () => {
    expect(loadConfig({ ...chainEnv, SIGNET_OIDC_DEVICE_CODE_TTL: '24h' }).oidc.deviceCodeTtlMs).toBe(
      24 * 3600 * 1000,
    )
    expect(loadConfig({ ...chainEnv, SIGNET_OIDC_DEVICE_CODE_TTL: '90s' }).oidc.deviceCodeTtlMs).toBe(90_000)
    expect(configError({ SIGNET_OIDC_DEVICE_CODE_TTL: '2d' })).toBe(
      'SIGNET_OIDC_DEVICE_CODE_TTL: expected a duration from 1s to 24h, got "2d"',
    )
    expect(configError({ SIGNET_OIDC_DEVICE_CODE_TTL: '500ms' })).toBe(
      'SIGNET_OIDC_DEVICE_CODE_TTL: expected a duration from 1s to 24h, got "500ms"',
    )
    expect(configError({ SIGNET_OIDC_DEVICE_CODE_TTL: 'soon' })).toBe(
      'SIGNET_OIDC_DEVICE_CODE_TTL: expected a duration such as 90s, 30m, 24h or 7d, got "soon"',
    )
  })

  it('names the variable when the JSON or the file is bad', () => {
    expect(configError({ SIGNET_OIDC_CLIENTS: '[{' })).toMatch(
      /^SIGNET_OIDC_CLIENTS: inline JSON is not valid JSON \(.+\)$/,
    )
    expect(configError({ SIGNET_OIDC_CLIENTS: 'missing.json' })).toMatch(
      /^SIGNET_OIDC_CLIENTS: cannot read "\/srv\/signet\/missing\.json" \(ENOENT/,
    )
    expect(configError({ SIGNET_OIDC_CLIENTS: '{}' })).toBe(
      'SIGNET_OIDC_CLIENTS: Invalid input: expected array, received object',
    )
  })
})

describe('SIGNET_OIDC_JWKS', () => {
  const privateJwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })

  it('reads a private JWKS; unset means keys from the database', () => {
    const jwks = { keys: [{ ...privateJwk, kid: 'k1' }] }
    expect(readOidcJwks({ SIGNET_OIDC_JWKS: JSON.stringify(jwks) }, '/')).toEqual(jwks)
    expect(readOidcJwks({}, '/')).toBeUndefined()
  })

  it('refuses a public key, naming its path', () => {
    const { d: _private, ...publicJwk } = privateJwk
    expect(configError({ SIGNET_OIDC_JWKS: JSON.stringify({ keys: [publicJwk] }) })).toBe(
      'SIGNET_OIDC_JWKS.keys[0].d: expected the private part "d" (a private JWKS)',
    )
    expect(configError({ SIGNET_OIDC_JWKS: JSON.stringify({ keys: [] }) })).toBe(
      'SIGNET_OIDC_JWKS.keys: expected at least one key',
    )
  })
})
