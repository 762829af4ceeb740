import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'
import type { Page } from 'playwright-core'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestPage } from './harness/fixture.ts'
import { connectTestWallet, dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'
import { ownedSafe, sessionOf, useOwnerSignInEnvironment } from './safe-owner-sign-in-environment.ts'

// A 2-of-3 Safe signs in to an application through Signet. The co-owner confirms after the
// application's authorization request has expired; the owner's page then says "Return to <application>",
// and the application's next request from that browser completes at once, with no wallet prompt.
// openid-client is the relying party; demo chain, local gateway, real server, Chromium.

const signingMethods = ['personal_sign', 'eth_sign', 'eth_signTypedData_v4']

describe('a Safe signs in to an application through Signet', () => {
  let application: Server
  let appOrigin = ''
  beforeAll(async () => {
    application = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Back at the application</h1>')
    })
    await new Promise<void>((resolve) => application.listen(0, '127.0.0.1', resolve))
    appOrigin = `http://127.0.0.1:${(application.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => application?.close(() => resolve())))
  const environment = useOwnerSignInEnvironment({
    get SIGNET_OIDC_CLIENTS() {
      return JSON.stringify([
        {
          client_id: 'dashboard',
          client_name: 'Dashboard',
          redirect_uris: [`${appOrigin}/callback`],
          token_endpoint_auth_method: 'none',
          skip_consent: true,
        },
      ])
    },
  })
  const key = (index: number) =>
    environment.fixture.signet.accounts[index] as { address: string; privateKey: string }

  /** A new authorization request of the application (public client, PKCE). */
  async function authorizationRequest(config: client.Configuration) {
    const verifier = client.randomPKCECodeVerifier()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${appOrigin}/callback`,
      scope: 'openid eth safe',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    return { url, verifier }
  }

  async function backAtApplication(page: Page): Promise<URL> {
    await page.waitForURL((url) => url.href.startsWith(`${appOrigin}/callback`), { timeout: 30_000 })
    return new URL(page.url())
  }

  it('the co-owner confirms after the request expired; the next request completes at once', {
    timeout: 150_000,
  }, async (test) => {
    const safe = environment.chain.demoSafe.address
    const config = await client.discovery(
      new URL(`${environment.fixture.signet.url}/oidc`),
      'dashboard',
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    )
    const first = await authorizationRequest(config)
    const a = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(0)] },
      path: `${first.url.pathname}${first.url.search}`,
    })
    await a.page.getByRole('heading', { name: 'Sign in to Dashboard' }).waitFor()
    await a.page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    await dialog(a.page).getByRole('button', { name: testWalletName }).click()
    // "Verify your account" offers the way to a Safe instead; the wallet stays connected.
    await dialog(a.page)
      .getByTestId('verify-alternative')
      .getByRole('button', { name: 'Choose a Safe' })
      .click()
    await dialog(a.page).waitFor({ state: 'detached' })

    // Owner A signs in as the 2-of-3 Safe: the message names the application and lists its redirect URI.
    await ownedSafe(a.page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await a.page
      .getByTestId('safe-sign-in-progress')
      .getByText('1 of 2 owners confirmed', { exact: true })
      .waitFor()
    const pending = (await a.page.evaluate(() =>
      JSON.parse(localStorage.getItem('signet.pendingSafeSignIn:oidc:dashboard') ?? 'null'),
    )) as { message: string }
    expect(pending.message).toContain(`\n${safe}\n\nSign in to Dashboard with your Ethereum account.\n\n`)
    expect(pending.message).toMatch(/\nResources:\n- http:\/\/127\.0\.0\.1:\d+\/callback$/)
    // Signet's own home page does not pick this sign-in up.
    expect(await a.page.evaluate(() => localStorage.getItem('signet.pendingSafeSignIn'))).toBeNull()

    // Hours pass: the application's request expires.
    const expired = await environment.signet.db
      .updateTable('oidc_models')
      .set({ expires_at: Date.now() })
      .where('model', '=', 'Interaction')
      .executeTakeFirst()
    expect(Number(expired.numUpdatedRows)).toBeGreaterThanOrEqual(1)

    // Owner B confirms from the link, in another browser.
    const link = (await a.page.getByTestId('safe-sign-in-signet-link').getAttribute('href')) ?? ''
    const b = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(1)] },
      path: `/${new URL(link).hash}`,
    })
    await b.page.getByTestId('safe-message-text').waitFor()
    expect(await b.page.getByTestId('safe-message-text').textContent()).toBe(pending.message)
    await connectTestWallet(b.page)
    await b.page.getByRole('button', { name: 'Confirm message' }).click()
    await b.page.getByTestId('safe-message-settled').waitFor()

    // A's page signs in as the Safe, finds the request gone and sends the user back to the application.
    const back = a.page.getByTestId('oidc-return')
    await back.getByRole('link', { name: 'Return to Dashboard' }).waitFor({ timeout: 60_000 })
    const session = await sessionOf(a.page)
    expect(session).toMatchObject({
      status: 200,
      body: { address: safe, chainId: 31337, accountType: 'contract' },
    })

    // The application asks again: the completed Safe sign-in answers it at once. Every wallet request of
    // every page from here on is reported to the test.
    const walletRequests: string[] = []
    await a.context.exposeBinding('__reportWalletRequest', (_source, method: string) => {
      walletRequests.push(method)
    })
    await a.context.addInitScript(() => {
      const wallet = (
        window as { __testWallet?: { provider: { request: (args: { method: string }) => unknown } } }
      ).__testWallet
      if (!wallet) return
      const request = wallet.provider.request.bind(wallet.provider)
      wallet.provider.request = (args) => {
        void (window as unknown as { __reportWalletRequest: (method: string) => void }).__reportWalletRequest(
          args.method,
        )
        return request(args)
      }
    })
    const second = await authorizationRequest(config)
    const visited: string[] = []
    a.page.on('framenavigated', (frame) => {
      if (frame === a.page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })
    await a.page.goto(second.url.href)
    const returned = await backAtApplication(a.page)
    const tokens = await client.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: second.verifier,
      idTokenExpected: true,
    })
    const sub = `eip155:31337:${getAddress(safe)}`
    const claims = tokens.claims()
    expect(claims).toMatchObject({
      sub,
      aud: 'dashboard',
      address: getAddress(safe),
      chain_id: 31337,
      account_type: 'contract',
      safe_threshold: 2,
      safe_version: '1.4.1',
    })
    expect([...((claims?.safe_owners as string[]) ?? [])].sort()).toEqual(
      [key(0).address, key(1).address, key(2).address].map((owner) => getAddress(owner)).sort(),
    )
    // auth_time: when the Safe's signature completed (its session's start), not this request.
    expect(claims?.auth_time).toBe(Math.floor(Date.parse(session.body.issuedAt as string) / 1000))
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub)
    expect(userinfo).toMatchObject({
      sub,
      account_type: 'contract',
      safe_threshold: 2,
      safe_version: '1.4.1',
    })
    // Through Signet's page and back, with no wallet prompt.
    expect(visited.some((path) => path.startsWith('/oidc/interaction/'))).toBe(true)
    expect(walletRequests.filter((method) => signingMethods.includes(method))).toEqual([])
  })

  it('a 1-of-1 Safe completes while the request lives: straight back to the application', {
    timeout: 90_000,
  }, async (test) => {
    const safe = environment.chain.singleOwnerSafe.address
    const config = await client.discovery(
      new URL(`${environment.fixture.signet.url}/oidc`),
      'dashboard',
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    )
    const request = await authorizationRequest(config)
    const { page } = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(0)] },
      path: `${request.url.pathname}${request.url.search}`,
    })
    await page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    await dialog(page).getByRole('button', { name: testWalletName }).click()
    await dialog(page)
      .getByTestId('verify-alternative')
      .getByRole('button', { name: 'Choose a Safe' })
      .click()
    await ownedSafe(page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    const returned = await backAtApplication(page)
    const tokens = await client.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: request.verifier,
      idTokenExpected: true,
    })
    expect(tokens.claims()).toMatchObject({
      sub: `eip155:31337:${getAddress(safe)}`,
      account_type: 'contract',
      safe_owners: [getAddress(key(0).address)],
      safe_threshold: 1,
      safe_version: '1.4.1',
    })
  })
})
