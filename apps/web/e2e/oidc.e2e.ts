import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'
import type { Page } from 'playwright-core'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'

// Signet as an OpenID Connect provider. openid-client is the relying party (in the test's
// process); Chromium is the user's browser, signing in on Signet's own page with the test wallet.
// The application's callback is answered by the test (nothing listens there).

const wikiSecret = 'wiki-secret-wiki-secret-wiki-secret-42'

/** The registered clients, for the application listening at `appOrigin`. */
function clients(appOrigin: string) {
  return [
    {
      client_id: 'wiki',
      client_name: 'Team Wiki',
      redirect_uris: [`${appOrigin}/callback`],
      post_logout_redirect_uris: [`${appOrigin}/signed-out`],
      client_secret: wikiSecret,
    },
    {
      client_id: 'dashboard',
      client_name: 'Dashboard',
      redirect_uris: [`${appOrigin}/callback`],
      token_endpoint_auth_method: 'none',
      skip_consent: true,
    },
  ]
}

const verifyingError = 'Error verifying signature, please retry!'

describe('Signet as an OpenID Connect provider', () => {
  // The application's pages: a real listener (a browser follows the provider's redirects there).
  let application: Server
  let appOrigin = ''
  let callback = ''
  let afterLogout = ''
  beforeAll(async () => {
    application = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Back at the application</h1>')
    })
    await new Promise<void>((resolve) => application.listen(0, '127.0.0.1', resolve))
    appOrigin = `http://127.0.0.1:${(application.address() as AddressInfo).port}`
    callback = `${appOrigin}/callback`
    afterLogout = `${appOrigin}/signed-out`
  })
  afterAll(() => new Promise<void>((resolve) => application?.close(() => resolve())))
  // Read when the server starts (after the application listens).
  const fixture = useSignet({
    env: {
      get SIGNET_OIDC_CLIENTS() {
        return JSON.stringify(clients(appOrigin))
      },
    },
  })
  const account = () => getAddress(fixture.signet.accounts[0]?.address as string)
  const issuer = () => new URL(`${fixture.signet.url}/oidc`)
  const wiki = () =>
    client.discovery(issuer(), 'wiki', wikiSecret, client.ClientSecretBasic(wikiSecret), {
      execute: [client.allowInsecureRequests],
    })
  const dashboard = () =>
    client.discovery(issuer(), 'dashboard', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    })

  /** Opens the authorization request in a fresh page with the test wallet; returns the page. */
  async function startAuthorization(test: Parameters<typeof openTestPage>[1], url: URL) {
    return openTestPage(fixture, test, { path: `${url.pathname}${url.search}` })
  }

  /** Waits until the browser is back at the application's callback; that URL. */
  async function backAtApplication(page: Page): Promise<URL> {
    await page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 })
    return new URL(page.url())
  }

  /** Connects the test wallet from the request page and signs the message RainbowKit shows. */
  async function signInWithWallet(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    const modal = dialog(page)
    await modal.getByText('Connect a Wallet', { exact: true }).waitFor()
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByText('Verify your account', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Sign message' }).click()
  }

  it('an EOA signs in to a confidential client: the page names the application, consent, verified claims', async (test) => {
    const config = await wiki()
    const nonce = client.randomNonce()
    const state = client.randomState()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: 'openid profile eth',
      nonce,
      state,
    })
    const { page } = await startAuthorization(test, url)
    const request = page.getByTestId('oidc-request')
    await request.getByRole('heading', { name: 'Sign in to Team Wiki' }).waitFor()
    expect(await page.getByTestId('oidc-scopes').getByRole('listitem').allTextContents()).toEqual([
      'Your account id (chain and address)',
      'Your address as your user name',
      'Your address, chain and account type',
    ])
    expect(await page.getByTestId('oidc-redirect-uri').textContent()).toBe(callback)

    const signed: string[] = []
    page.on('request', (sent) => {
      if (sent.url().endsWith('/login'))
        signed.push((JSON.parse(sent.postData() ?? '{}') as { message: string }).message)
    })
    await signInWithWallet(page)
    // Consent: the operator did not exempt this application.
    await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('oidc-account').textContent()).toBe(`eip155:1:${account()}`)
    await page.getByRole('button', { name: 'Allow' }).click()
    const returned = await backAtApplication(page)

    // The message named the application and listed where the proof goes.
    expect(signed).toHaveLength(1)
    expect(signed[0]).toContain('\n\nSign in to Team Wiki with your Ethereum account.\n\n')
    expect(signed[0]).toMatch(new RegExp(`\\nResources:\\n- ${callback.replace(/[.]/g, '\\.')}$`))

    const tokens = await client.authorizationCodeGrant(config, returned, {
      expectedNonce: nonce,
      expectedState: state,
    })
    const sub = `eip155:1:${account()}`
    expect(tokens.claims()).toMatchObject({
      iss: `${fixture.signet.url}/oidc`,
      aud: 'wiki',
      sub,
      preferred_username: account(),
      address: account(),
      chain_id: 1,
      account_type: 'eoa',
    })
    expect(await client.fetchUserInfo(config, tokens.access_token, sub)).toEqual({
      sub,
      preferred_username: account(),
      address: account(),
      chain_id: 1,
      account_type: 'eoa',
    })

    // The same code again: refused, and the tokens it gave are revoked.
    await expect(
      client.authorizationCodeGrant(config, returned, { expectedNonce: nonce, expectedState: state }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    })
    await expect(client.fetchUserInfo(config, tokens.access_token, sub)).rejects.toMatchObject({
      status: 401,
    })
  })

  it('a public client with PKCE and skip_consent; a Signet session offers "Continue as"', async (test) => {
    // Signed in to Signet itself first.
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)

    const config = await dashboard()
    const verifier = client.randomPKCECodeVerifier()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: 'openid eth',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    await page.goto(url.href)
    const continueAs = page.getByRole('button', { name: `Continue as ${account()}` })
    await continueAs.click()
    const returned = await backAtApplication(page)
    const tokens = await client.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    })
    expect(tokens.claims()).toMatchObject({
      aud: 'dashboard',
      sub: `eip155:1:${account()}`,
      account_type: 'eoa',
    })
  })

  it('refuses an unregistered redirect URI on its own page, and a public client without PKCE', async (test) => {
    const config = await dashboard()
    const unregistered = client.buildAuthorizationUrl(config, {
      redirect_uri: `${appOrigin}/elsewhere`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    })
    const { page } = await startAuthorization(test, unregistered)
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor()
    expect(await page.locator('body').textContent()).toContain(
      "invalid_redirect_uri: redirect_uri did not match any of the client's registered redirect_uris",
    )
    expect(new URL(page.url()).origin).toBe(fixture.signet.url)

    await page.goto(client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid' }).href)
    const returned = await backAtApplication(page)
    expect(returned.searchParams.get('error')).toBe('invalid_request')
    expect(returned.searchParams.get('error_description')).toBe(
      'Authorization Server policy requires PKCE to be used for this request',
    )
  })

  /** Signs in from the request page with the message changed by `spoil` on its way to Signet; Signet's answers. */
  async function spoiledSignIn(test: Parameters<typeof openTestPage>[1], spoil: (message: string) => string) {
    const config = await wiki()
    const url = client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid' })
    const { page } = await startAuthorization(test, url)
    const answers: { status: number; code?: string }[] = []
    await page.route('**/oidc/interaction/*/login', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { message: string; signature: string }
      body.message = spoil(body.message)
      const response = await route.fetch({ postData: JSON.stringify(body) })
      answers.push({
        status: response.status(),
        code: ((await response.json()) as { error?: { code: string } }).error?.code,
      })
      await route.fulfill({ response })
    })
    await signInWithWallet(page)
    await dialog(page).getByText(verifyingError, { exact: true }).waitFor()
    expect(page.url()).toContain('/oidc/interaction/')
    return answers
  }

  it('refuses a SIWE message made for another domain', async (test) => {
    const host = new URL(fixture.signet.url).host
    const answers = await spoiledSignIn(test, (message) =>
      message.replace(`${host} wants you`, 'evil.example wants you'),
    )
    expect(answers).toEqual([{ status: 401, code: 'domain_mismatch' }])
  })

  it('refuses a SIWE message with a nonce Signet never issued', async (test) => {
    const answers = await spoiledSignIn(test, (message) =>
      message.replace(/^Nonce: \w+$/m, 'Nonce: a1b2c3d4e5f6g7h8i9j0k1l2'),
    )
    expect(answers).toEqual([{ status: 401, code: 'invalid_nonce' }])
  })

  it('RP-initiated logout ends the Signet session', async (test) => {
    const config = await wiki()
    const url = client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid' })
    const { page } = await startAuthorization(test, url)
    await signInWithWallet(page)
    await page.getByRole('button', { name: 'Allow' }).click()
    const tokens = await client.authorizationCodeGrant(config, await backAtApplication(page))
    const session = () =>
      page.evaluate(async (origin) => (await fetch(`${origin}/api/auth/session`)).status, fixture.signet.url)
    await page.goto(fixture.signet.url)
    expect(await session()).toBe(200)

    const logout = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: afterLogout,
    })
    await page.goto(logout.href)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((current) => current.href.startsWith(afterLogout))
    await page.goto(fixture.signet.url)
    expect(await session()).toBe(401)
    // And the provider's own session: the next authorization asks for a sign-in again.
    await page.goto(client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid' }).href)
    await page.getByRole('button', { name: 'Sign in with your wallet' }).waitFor()
  })
})
