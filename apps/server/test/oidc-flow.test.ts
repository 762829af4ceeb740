import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as client from 'openid-client'
import { getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import {
  browserGet,
  browserPost,
  CookieJar,
  followToInteractionOrApp,
  type InteractionDetails,
  interactionSignInMessage,
  signInThroughInteraction,
} from './oidc-browser.ts'

// The provider end to end over HTTP, with openid-client as the relying party and a wallet key signing
// the SIWE message (the browser tests run the same flows through the web app in Chromium).

const appCallback = 'http://localhost:9/callback'
const wikiSecret = 'wiki-secret-wiki-secret-wiki-secret-42'
const clients = [
  { client_id: 'wiki', client_name: 'Team Wiki', redirect_uris: [appCallback], client_secret: wikiSecret },
  {
    client_id: 'spa',
    client_name: 'Dashboard',
    redirect_uris: [appCallback],
    token_endpoint_auth_method: 'none',
    skip_consent: true,
  },
]

describe('OpenID Connect provider over HTTP', () => {
  let signet: RunningSignet
  let dataDir: string
  const account = privateKeyToAccount(generatePrivateKey())
  const sub = `eip155:31337:${getAddress(account.address)}`

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-oidc-flow-'))
    signet = await startSignet({
      env: {
        PORT: '0',
        DATABASE_URL: join(dataDir, 'signet.sqlite'),
        SIGNET_RPC_31337: 'http://127.0.0.1:9',
        SIGNET_RATE_LIMIT: 'off',
        SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
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

  /** Starts an authorization at the provider; returns the browser's jar and where it landed. */
  async function authorize(config: client.Configuration, parameters: Record<string, string>) {
    const jar = new CookieJar()
    const landed = await followToInteractionOrApp(
      jar,
      client.buildAuthorizationUrl(config, { redirect_uri: appCallback, ...parameters }).href,
      signet.url,
    )
    return { jar, landed }
  }

  it('publishes discovery with the issuer, PKCE S256 and the claims', async () => {
    const response = await fetch(`${signet.url}/oidc/.well-known/openid-configuration`)
    const discovery = (await response.json()) as Record<string, unknown>
    expect(discovery.issuer).toBe(`${signet.url}/oidc`)
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
    expect(discovery.scopes_supported).toEqual(['openid', 'profile', 'eth', 'safe', 'offline_access'])
    expect(discovery.response_types_supported).toEqual(['code'])
    expect(discovery.registration_endpoint).toBeUndefined()
    expect(discovery.revocation_endpoint).toBe(`${signet.url}/oidc/token/revocation`)
    expect(discovery.end_session_endpoint).toBe(`${signet.url}/oidc/session/end`)
  })

  it('signs an EOA in to a confidential client: consent, claims in the verified ID token and userinfo', async () => {
    const config = await discover('wiki', client.ClientSecretBasic(wikiSecret), wikiSecret)
    const nonce = client.randomNonce()
    const state = client.randomState()
    const { jar, landed } = await authorize(config, { scope: 'openid profile eth', nonce, state })
    expect(landed.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
    const details = (await (await browserGet(jar, `${landed.href}/details`)).json()) as InteractionDetails
    expect(details).toMatchObject({
      prompt: 'login',
      client: { id: 'wiki', name: 'Team Wiki' },
      redirectUri: appCallback,
      scopes: ['openid', 'profile', 'eth'],
      statement: 'Sign in to Team Wiki with your Ethereum account.',
      session: null,
    })

    const callback = await signInThroughInteraction(jar, landed, account)
    expect(callback.href.startsWith(appCallback)).toBe(true)
    const tokens = await client.authorizationCodeGrant(config, callback, {
      expectedNonce: nonce,
      expectedState: state,
    })
    const claims = tokens.claims()
    expect(claims).toMatchObject({
      iss: `${signet.url}/oidc`,
      aud: 'wiki',
      sub,
      preferred_username: getAddress(account.address),
      address: getAddress(account.address),
      chain_id: 31337,
      account_type: 'eoa',
    })
    expect(claims?.safe_owners).toBeUndefined()
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub)
    expect(userinfo).toEqual({
      sub,
      preferred_username: getAddress(account.address),
      address: getAddress(account.address),
      chain_id: 31337,
      account_type: 'eoa',
    })
  })

  it('signs in a public client with PKCE and no consent (skip_consent)', async () => {
    const config = await discover('spa', client.None())
    const verifier = client.randomPKCECodeVerifier()
    const { jar, landed } = await authorize(config, {
      scope: 'openid eth',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    const callback = await signInThroughInteraction(jar, landed, account)
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    })
    expect(tokens.claims()).toMatchObject({ aud: 'spa', sub, account_type: 'eoa', chain_id: 31337 })
    expect(tokens.claims()?.preferred_username).toBeUndefined()
  })

  it('rejects a replayed code and revokes the tokens it gave', async () => {
    const config = await discover('spa', client.None())
    const verifier = client.randomPKCECodeVerifier()
    const { jar, landed } = await authorize(config, {
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    const callback = await signInThroughInteraction(jar, landed, account)
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })
    expect((await client.fetchUserInfo(config, tokens.access_token, sub)).sub).toBe(sub)
    await expect(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    })
    await expect(client.fetchUserInfo(config, tokens.access_token, sub)).rejects.toMatchObject({
      status: 401,
    })
  })

  it('refuses a redirect URI that was not registered, and a public client without PKCE', async () => {
    const unregistered = await fetch(
      `${signet.url}/oidc/auth?client_id=wiki&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('http://localhost:9/evil')}`,
      { redirect: 'manual' },
    )
    // Never redirected to an unregistered URI: the error is shown on Signet's own page.
    expect(unregistered.status).toBe(400)
    expect(unregistered.headers.get('location')).toBeNull()
    expect(await unregistered.text()).toContain(
      'redirect_uri did not match any of the client&#39;s registered redirect_uris',
    )

    const withoutPkce = await fetch(
      `${signet.url}/oidc/auth?client_id=spa&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(appCallback)}`,
      { redirect: 'manual' },
    )
    expect(withoutPkce.status).toBe(303)
    const location = new URL(withoutPkce.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(appCallback)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toBe(
      'Authorization Server policy requires PKCE to be used for this request',
    )
  })

  it('refuses a SIWE message for another domain, for a used nonce, made for another application, or posted cross-site', async () => {
    const config = await discover('wiki', client.ClientSecretBasic(wikiSecret), wikiSecret)
    const { jar, landed } = await authorize(config, { scope: 'openid' })
    const details = (await (await browserGet(jar, `${landed.href}/details`)).json()) as InteractionDetails
    const nonce = async () =>
      ((await (await fetch(`${signet.url}/api/auth/nonce`)).json()) as { nonce: string }).nonce
    const tryLogin = async (message: string) => {
      const response = await browserPost(jar, `${landed.href}/login`, {
        message,
        signature: await account.signMessage({ message }),
      })
      return { status: response.status, body: (await response.json()) as { error?: { code: string } } }
    }

    const otherDomain = interactionSignInMessage(details, account.address, await nonce(), signet.url, {
      domain: 'evil.example',
    })
    expect(await tryLogin(otherDomain)).toMatchObject({
      status: 401,
      body: { error: { code: 'domain_mismatch' } },
    })
    const unknownNonce = interactionSignInMessage(
      details,
      account.address,
      'a1b2c3d4e5f6g7h8i9j0',
      signet.url,
    )
    expect(await tryLogin(unknownNonce)).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_nonce' } },
    })
    const forAnotherApp = interactionSignInMessage(
      { ...details, statement: 'Sign in to Dashboard with your Ethereum account.' },
      account.address,
      await nonce(),
      signet.url,
    )
    expect(await tryLogin(forAnotherApp)).toMatchObject({
      status: 401,
      body: { error: { code: 'wrong_application' } },
    })
    // A page of another site cannot post the proof.
    const crossSite = interactionSignInMessage(details, account.address, await nonce(), signet.url)
    const forged = await browserPost(
      jar,
      `${landed.href}/login`,
      { message: crossSite, signature: await account.signMessage({ message: crossSite }) },
      'https://evil.example',
    )
    expect(forged.status).toBe(403)
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin')
    // Nor a body past the API's limit.
    const huge = await browserPost(jar, `${landed.href}/login`, {
      message: 'x'.repeat(70_000),
      signature: '0x',
    })
    expect(huge.status).toBe(413)
    const used = interactionSignInMessage(details, account.address, await nonce(), signet.url)
    expect((await tryLogin(used)).status).toBe(200)
    // The interaction moved on; the same message is refused wherever it is replayed.
    const again = await authorize(config, { scope: 'openid' })
    const replay = await browserPost(again.jar, `${again.landed.href}/login`, {
      message: used,
      signature: await account.signMessage({ message: used }),
    })
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('invalid_nonce')
  })
})
