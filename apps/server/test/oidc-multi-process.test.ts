import * as client from 'openid-client'
import { getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from './oidc-browser.ts'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'
import { type SignetProcess, startSignetProcess, testOrigin } from './reliability/signet-process.ts'

// Two `signet serve` processes on one Postgres: the provider's state and keys, and the rate limits, are
// the database's, so the processes are interchangeable.

const callback = 'http://localhost:9/callback'
const clients = [
  {
    client_id: 'dashboard',
    client_name: 'Dashboard',
    redirect_uris: [callback],
    token_endpoint_auth_method: 'none',
    skip_consent: true,
  },
]

let postgres: TestPostgres
let a: SignetProcess
let b: SignetProcess

beforeAll(async () => {
  postgres = await startTestPostgres()
  const env = {
    DATABASE_URL: postgres.url,
    SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
    SIGNET_RATE_LIMIT: 'on',
    SIGNET_RATE_LIMIT_PENDING: '3',
  }
  // Started together: both find no signing key yet, and must still end up with the same one.
  ;[a, b] = await Promise.all([
    startSignetProcess({ env, startTimeoutMs: 30_000 }),
    startSignetProcess({ env, startTimeoutMs: 30_000 }),
  ])
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await postgres?.stop()
})

/** openid-client talking to `server` for Signet's public origin (the issuer is `${testOrigin}/oidc`). */
function discoverThrough(server: SignetProcess) {
  return client.discovery(new URL(`${testOrigin}/oidc`), 'dashboard', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: (url: string, options: client.CustomFetchOptions) =>
      fetch(url.replace(testOrigin, server.url), options as RequestInit),
  })
}

describe('two signet serve processes on one Postgres', () => {
  it('publish the same signing keys', async () => {
    const [jwksA, jwksB] = await Promise.all(
      [a, b].map(async (server) => (await fetch(`${server.url}/oidc/jwks`)).json()),
    )
    expect(jwksA).toEqual(jwksB)
    expect((jwksA as { keys: unknown[] }).keys).toHaveLength(1)
  })

  it('authorize on one and exchange the code on the other', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const viaB = await discoverThrough(b)
    const verifier = client.randomPKCECodeVerifier()
    const nonce = client.randomNonce()
    // The browser talks to process A only.
    const authorization = client.buildAuthorizationUrl(viaB, {
      redirect_uri: callback,
      scope: 'openid eth',
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    const jar = new CookieJar()
    const interaction = await followToInteractionOrApp(
      jar,
      `${a.url}${authorization.pathname}${authorization.search}`,
      a.url,
    )
    expect(interaction.origin).toBe(a.url)
    const returned = await signInThroughInteraction(jar, interaction, account, testOrigin)
    expect(returned.href.startsWith(callback)).toBe(true)

    // Process B takes the code A issued and signs the ID token with the same key.
    const tokens = await client.authorizationCodeGrant(viaB, returned, {
      pkceCodeVerifier: verifier,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    const sub = `eip155:31337:${getAddress(account.address)}`
    expect(tokens.claims()).toMatchObject({ iss: `${testOrigin}/oidc`, sub, account_type: 'eoa' })
    // And A answers userinfo for B's access token.
    const viaA = await discoverThrough(a)
    expect(await client.fetchUserInfo(viaA, tokens.access_token, sub)).toMatchObject({ sub, chain_id: 31337 })
  })

  it('count a rate limit together', async () => {
    const pending = (server: SignetProcess) =>
      fetch(`${server.url}/api/auth/pending`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    const statuses: number[] = []
    for (const server of [a, b, a, b]) statuses.push((await pending(server)).status)
    // Three a minute per client, whichever process is asked: the fourth is refused.
    expect(statuses).toEqual([400, 400, 400, 429])
    const refused = await pending(a)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
