import * as client from 'openid-client'
import { getAddress } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEvent } from '../src/audit/audit-event.ts'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from './oidc-browser.ts'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'
import { type SignetProcess, startSignetProcess, testOrigin } from './reliability/signet-process.ts'
import { runCli } from './run-cli.ts'
import { freshSignInMessage, postVerify } from './sign-in-client.ts'

// An operator cuts an account off everywhere: two `signet serve` processes on one Postgres, the account
// signed in on both (Signet sessions, and OpenID Connect tokens through the provider), and
// `signet sessions revoke` run as a third process. The next request to either process is refused; the
// audit trail (`signet audit`, a fourth process) tells the story and holds no secret.

const callback = 'http://localhost:9/callback'
const clients = [
  // Asks for consent: the consent is the user's, on Signet's page.
  {
    client_id: 'wiki',
    client_name: 'Team Wiki',
    redirect_uris: [callback],
    token_endpoint_auth_method: 'none',
  },
  // The operator's own application: consent is implied.
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
  const env = { DATABASE_URL: postgres.url, SIGNET_OIDC_CLIENTS: JSON.stringify(clients), LOG_LEVEL: 'info' }
  ;[a, b] = await Promise.all([
    startSignetProcess({ env, startTimeoutMs: 180_000 }),
    startSignetProcess({ env, startTimeoutMs: 180_000 }),
  ])
}, 400_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await postgres?.stop()
})

function discoverThrough(server: SignetProcess, clientId: string) {
  return client.discovery(new URL(`${testOrigin}/oidc`), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: (url: string, options: client.CustomFetchOptions) =>
      fetch(url.replace(testOrigin, server.url), options as RequestInit),
  })
}

/** An authorization-code round trip: the browser at `browserAt`, the code exchanged at `exchangeAt`. */
async function oidcTokens(
  account: PrivateKeyAccount,
  clientId: string,
  browserAt: SignetProcess,
  exchangeAt: SignetProcess,
) {
  const config = await discoverThrough(exchangeAt, clientId)
  const verifier = client.randomPKCECodeVerifier()
  const authorization = client.buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope: 'openid eth',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  const jar = new CookieJar()
  const interaction = await followToInteractionOrApp(
    jar,
    `${browserAt.url}${authorization.pathname}${authorization.search}`,
    browserAt.url,
  )
  const returned = await signInThroughInteraction(jar, interaction, account, testOrigin)
  const tokens = await client.authorizationCodeGrant(config, returned, { pkceCodeVerifier: verifier })
  return { tokens, jar }
}

async function signInAt(server: SignetProcess, account: PrivateKeyAccount) {
  const message = await freshSignInMessage(server.url, account.address)
  const signature = await account.signMessage({ message })
  const answer = await postVerify(server.url, message, signature)
  expect(answer.status).toBe(200)
  return { cookie: answer.cookie, signature }
}

const sessionStatus = async (server: SignetProcess, cookie: string) =>
  (await fetch(`${server.url}/api/auth/session`, { headers: { cookie } })).status

/** userinfo's answer to an access token: 200, or the WWW-Authenticate error (`invalid_token`). */
async function userinfo(server: SignetProcess, accessToken: string): Promise<number | string> {
  const response = await fetch(`${server.url}/oidc/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  if (response.ok) return response.status
  return `${response.status} ${/error="(\w+)"/.exec(response.headers.get('www-authenticate') ?? '')?.[1]}`
}

describe('signet sessions revoke against two serving processes on one Postgres', () => {
  it('ends the account everywhere at once, and the audit trail says what happened', {
    timeout: 400_000,
  }, async () => {
    const user = privateKeyToAccount(generatePrivateKey())
    const bystander = privateKeyToAccount(generatePrivateKey())
    const sub = `eip155:31337:${getAddress(user.address)}`

    // A Signet session on each process, and a refusal: a damaged signature (one hex digit short, so no
    // contract check is tried on the test's dead RPC).
    const onA = await signInAt(a, user)
    const onB = await signInAt(b, user)
    const message = await freshSignInMessage(b.url, user.address)
    const refused = await postVerify(b.url, message, (await user.signMessage({ message })).slice(0, -1))
    expect(refused.body).toMatchObject({ error: { code: 'invalid_signature' } })
    // OpenID Connect tokens of two applications, each flow spanning both processes.
    const wiki = await oidcTokens(user, 'wiki', a, b)
    const dashboard = await oidcTokens(user, 'dashboard', b, a)
    const other = await signInAt(a, bystander)
    const othersTokens = await oidcTokens(bystander, 'dashboard', a, b)
    for (const server of [a, b]) {
      expect(await sessionStatus(server, onA.cookie)).toBe(200)
      expect(await sessionStatus(server, onB.cookie)).toBe(200)
      expect(await userinfo(server, wiki.tokens.access_token)).toBe(200)
      expect(await userinfo(server, dashboard.tokens.access_token)).toBe(200)
    }
    // The bystander revokes its own token at B's revocation endpoint.
    await client.tokenRevocation(await discoverThrough(b, 'dashboard'), othersTokens.tokens.access_token)
    expect(await userinfo(a, othersTokens.tokens.access_token)).toBe('401 invalid_token')

    const revoked = await runCli(['sessions', 'revoke', '--account', user.address.toLowerCase()], {
      env: { DATABASE_URL: postgres.url },
    })
    expect(revoked.stderr).toBe('')
    expect(revoked.code).toBe(0)
    const printed = revoked.stdout.split('\n')
    expect(printed[0]).toBe(`Revoked ${getAddress(user.address)} (every chain)`)
    // Two sessions of the API, two of the interactions (one per application).
    expect(printed[1]).toBe('  Signet sessions ended: 4')
    expect(printed).toContain('  OpenID Connect grants ended: 2')
    expect(printed).toContain('  OpenID Connect sessions ended: 2')

    // At once, on both processes: no session, no token.
    for (const server of [a, b]) {
      expect(await sessionStatus(server, onA.cookie)).toBe(401)
      expect(await sessionStatus(server, onB.cookie)).toBe(401)
      expect(await sessionStatus(server, wiki.jar.header())).toBe(401)
      expect(await userinfo(server, wiki.tokens.access_token)).toBe('401 invalid_token')
      expect(await userinfo(server, dashboard.tokens.access_token)).toBe('401 invalid_token')
      expect(await sessionStatus(server, other.cookie)).toBe(200)
    }

    const audit = await runCli(['audit', '--json'], { env: { DATABASE_URL: postgres.url } })
    expect(audit.code).toBe(0)
    const events = audit.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AuditEvent)
    const of = (type: string, account: string | null = sub) =>
      events.filter((event) => event.type === type && event.account === account)
    expect(of('sign_in.succeeded').map((event) => event.clientId)).toEqual([null, null, 'wiki', 'dashboard'])
    expect(of('sign_in.refused')).toMatchObject([
      { clientIp: '127.0.0.1', details: { code: 'invalid_signature' } },
    ])
    expect(of('oidc.consent')).toMatchObject([
      { clientId: 'wiki', details: { scopes: ['openid', 'eth'] } },
      { clientId: 'dashboard', details: { scopes: ['openid', 'eth'], skipConsent: true } },
    ])
    expect(of('oidc.token_issued')).toMatchObject([
      {
        clientId: 'wiki',
        details: { grantType: 'authorization_code', tokens: ['access_token', 'id_token'] },
      },
      { clientId: 'dashboard', details: { grantType: 'authorization_code' } },
    ])
    expect(of('oidc.token_revoked', `eip155:31337:${getAddress(bystander.address)}`)).toMatchObject([
      { clientId: 'dashboard', details: { via: 'revocation', what: 'AccessToken' } },
    ])
    expect(of('sessions.revoked', null)).toMatchObject([
      { details: { target: `${getAddress(user.address)} (every chain)`, sessions: 4, oidcGrants: 2 } },
    ])
    expect(of('session.ended').map((event) => event.details.reason)).toEqual([
      'revocation',
      'revocation',
      'revocation',
      'revocation',
    ])
    for (const event of events.filter((event) => event.requestId !== null))
      expect(event.requestId).toMatch(/^[0-9a-f-]{36}$/)

    // Nothing secret in the trail or in either process's log lines.
    const logs = `${audit.stdout}\n${a.output()}\n${b.output()}`
    expect(a.output()).toContain('"msg":"audit"')
    expect(b.output()).toContain('"msg":"audit"')
    const cookieValue = (cookie: string) => cookie.split('=')[1] ?? '<none>'
    for (const secret of [
      onA.signature,
      cookieValue(onA.cookie),
      cookieValue(onB.cookie),
      wiki.tokens.access_token,
      wiki.tokens.id_token ?? '<none>',
      dashboard.tokens.access_token,
      othersTokens.tokens.access_token,
      /Nonce: (\w+)/.exec(message)?.[1] ?? '<none>',
    ])
      expect(logs).not.toContain(secret)
  })
})
