import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as client from 'openid-client'
import { getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from './oidc-browser.ts'

// Refresh tokens (rotation, reuse detection) and token introspection, with openid-client as the relying
// party over HTTP and a wallet key signing the SIWE message.

const appCallback = 'http://localhost:9/callback'
const wikiSecret = 'wiki-secret-wiki-secret-wiki-secret-42'
const apiSecret = 'api-secret-api-secret-api-secret-api-42'
const clients = [
  {
    client_id: 'wiki',
    client_name: 'Team Wiki',
    redirect_uris: [appCallback],
    client_secret: wikiSecret,
    grant_types: ['authorization_code', 'refresh_token'],
  },
  // A confidential client without the refresh grant: offline_access is not for it.
  { client_id: 'api', client_name: 'Team API', redirect_uris: [appCallback], client_secret: apiSecret },
  {
    client_id: 'spa',
    client_name: 'Dashboard',
    redirect_uris: [appCallback],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    skip_consent: true,
  },
]

describe('OpenID Connect refresh tokens and introspection', () => {
  let signet: RunningSignet
  let dataDir: string
  const account = privateKeyToAccount(generatePrivateKey())
  const sub = `eip155:31337:${getAddress(account.address)}`

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-oidc-refresh-'))
    signet = await startSignet({
      env: {
        PORT: '0',
        DATABASE_URL: join(dataDir, 'signet.sqlite'),
        SIGNET_RPC_31337: 'http://127.0.0.1:9',
        SIGNET_RATE_LIMIT: 'off',
        SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
        SIGNET_OIDC_REFRESH_TTL: '2d',
        LOG_LEVEL: 'silent',
      },
      webDist: join(dataDir, 'no-web-app'),
    })
  })
  afterAll(async () => {
    await signet?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const discover = (clientId: string, auth: client.ClientAuth, secret?: string) =>
    client.discovery(new URL(`${signet.url}/oidc`), clientId, secret, auth, {
      execute: [client.allowInsecureRequests],
    })
  const wiki = () => discover('wiki', client.ClientSecretBasic(wikiSecret), wikiSecret)

  /** A full sign-in: authorize → Signet's interaction (SIWE + consent) → code → tokens. */
  async function signIn(config: client.Configuration, parameters: Record<string, string>) {
    const verifier = client.randomPKCECodeVerifier()
    const jar = new CookieJar()
    const landed = await followToInteractionOrApp(
      jar,
      client.buildAuthorizationUrl(config, {
        redirect_uri: appCallback,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...parameters,
      }).href,
      signet.url,
    )
    const callback = await signInThroughInteraction(jar, landed, account)
    return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })
  }

  const introspect = async (config: client.Configuration, token: string) =>
    (await client.tokenIntrospection(config, token)) as { active: boolean } & Record<string, unknown>

  it('publishes offline_access, the refresh grant and the introspection endpoint', async () => {
    const discovery = (await (await fetch(`${signet.url}/oidc/.well-known/openid-configuration`)).json()) as {
      scopes_supported: string[]
      grant_types_supported: string[]
      introspection_endpoint: string
    }
    expect(discovery.scopes_supported).toEqual(['openid', 'profile', 'eth', 'safe', 'offline_access'])
    expect(discovery.grant_types_supported).toEqual([
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
    ])
    expect(discovery.introspection_endpoint).toBe(`${signet.url}/oidc/token/introspection`)
  })

  it('refreshes with rotation; a refresh token used twice revokes the whole grant', async () => {
    const config = await wiki()
    const first = await signIn(config, { scope: 'openid eth offline_access', prompt: 'consent' })
    expect(first.refresh_token).toMatch(/^[\w-]{43}$/)
    expect(first.scope?.split(' ').sort()).toEqual(['eth', 'offline_access', 'openid'])
    const refreshInfo = await introspect(config, first.refresh_token as string)
    expect(refreshInfo).toMatchObject({
      active: true,
      client_id: 'wiki',
      sub,
      scope: 'openid eth offline_access',
    })
    // SIGNET_OIDC_REFRESH_TTL=2d
    expect((refreshInfo.exp as number) - (refreshInfo.iat as number)).toBe(2 * 24 * 3600)

    const second = await client.refreshTokenGrant(config, first.refresh_token as string)
    expect(second.refresh_token).toMatch(/^[\w-]{43}$/)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.access_token).not.toBe(first.access_token)
    expect(second.claims()).toMatchObject({ sub, aud: 'wiki', chain_id: 31337, account_type: 'eoa' })
    expect((await client.fetchUserInfo(config, second.access_token, sub)).sub).toBe(sub)
    // The replaced refresh token is spent.
    expect(await introspect(config, first.refresh_token as string)).toEqual({ active: false })
    const third = await client.refreshTokenGrant(config, second.refresh_token as string)
    expect(await introspect(config, third.access_token)).toMatchObject({ active: true, sub })

    // Presenting a spent refresh token again: refused, and everything of the grant dies with it.
    await expect(client.refreshTokenGrant(config, first.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'grant request is invalid',
    })
    expect(await introspect(config, third.refresh_token as string)).toEqual({ active: false })
    expect(await introspect(config, third.access_token)).toEqual({ active: false })
    await expect(client.refreshTokenGrant(config, third.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('gives a public client a rotating refresh token too', async () => {
    const config = await discover('spa', client.None())
    const tokens = await signIn(config, { scope: 'openid offline_access', prompt: 'consent' })
    const next = await client.refreshTokenGrant(config, tokens.refresh_token as string)
    expect(next.refresh_token).not.toBe(tokens.refresh_token)
    expect(next.claims()?.sub).toBe(sub)
  })

  it('gives no refresh token without the grant, or without offline_access', async () => {
    const api = await discover('api', client.ClientSecretBasic(apiSecret), apiSecret)
    const withoutGrant = await signIn(api, { scope: 'openid offline_access', prompt: 'consent' })
    expect(withoutGrant.refresh_token).toBeUndefined()
    expect(withoutGrant.scope).toBe('openid')
    const withoutScope = await signIn(await wiki(), { scope: 'openid eth' })
    expect(withoutScope.refresh_token).toBeUndefined()
  })

  it('introspects for an authenticated client: active while live, inactive once revoked', async () => {
    const config = await wiki()
    const tokens = await signIn(config, { scope: 'openid eth offline_access', prompt: 'consent' })
    expect(await introspect(config, tokens.access_token)).toMatchObject({
      active: true,
      sub,
      client_id: 'wiki',
      scope: 'openid eth offline_access',
      token_type: 'Bearer',
      iss: `${signet.url}/oidc`,
    })
    // Another confidential client (a resource server) may ask about it too.
    const api = await discover('api', client.ClientSecretBasic(apiSecret), apiSecret)
    expect(await introspect(api, tokens.access_token)).toMatchObject({ active: true, sub })

    // Revoking a token ends its grant: the refresh token that came with it is inactive too.
    await client.tokenRevocation(config, tokens.access_token)
    expect(await introspect(config, tokens.access_token)).toEqual({ active: false })
    expect(await introspect(config, tokens.refresh_token as string)).toEqual({ active: false })
    await expect(client.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    })

    const again = await signIn(config, { scope: 'openid offline_access', prompt: 'consent' })
    const refreshed = await client.refreshTokenGrant(config, again.refresh_token as string)
    await client.tokenRevocation(config, refreshed.refresh_token as string)
    expect(await introspect(config, refreshed.refresh_token as string)).toEqual({ active: false })
    expect(await introspect(config, refreshed.access_token)).toEqual({ active: false })
  })

  it('lets a client revoke only its own tokens', async () => {
    const tokens = await signIn(await wiki(), { scope: 'openid' })
    const api = await discover('api', client.ClientSecretBasic(apiSecret), apiSecret)
    await client.tokenRevocation(api, tokens.access_token)
    expect(await introspect(api, tokens.access_token)).toMatchObject({ active: true, client_id: 'wiki' })
  })

  it('refuses introspection to a caller without credentials, and tells a public client nothing', async () => {
    const config = await wiki()
    const tokens = await signIn(config, { scope: 'openid' })
    const anonymous = await fetch(`${signet.url}/oidc/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token }),
    })
    expect(anonymous.status).toBe(400)
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_request' })
    const wrongSecret = await fetch(`${signet.url}/oidc/token/introspection`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('wiki:not-the-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ token: tokens.access_token }),
    })
    expect(wrongSecret.status).toBe(401)
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' })
    const spa = await discover('spa', client.None())
    expect(await introspect(spa, tokens.access_token)).toEqual({ active: false })
  })
})
