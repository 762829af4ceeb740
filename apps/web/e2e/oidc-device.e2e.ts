import * as client from 'openid-client'
import type { Page } from 'playwright-core'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { openTestPage } from './harness/fixture.ts'
import { connectTestWallet, dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'
import { ownedSafe, useOwnerSignInEnvironment } from './safe-owner-sign-in-environment.ts'

// Device sign-in (RFC 8628) through Signet: openid-client in the test's process is the device (a
// command-line tool) and polls while Chromium — the user's browser — types nothing: it opens
// verification_uri_complete, continues, compares the code, and signs in on Signet's usual sign-in page,
// as a key-held account or as a 2-of-3 Safe whose co-owner confirms from another browser.
// Demo chain, local gateway, real server.

const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code'

describe('device sign-in through Signet', () => {
  const environment = useOwnerSignInEnvironment({
    SIGNET_OIDC_CLIENTS: JSON.stringify([
      {
        client_id: 'cli',
        client_name: 'Signet CLI',
        token_endpoint_auth_method: 'none',
        grant_types: [deviceGrant],
      },
    ]),
  })
  const key = (index: number) =>
    environment.fixture.signet.accounts[index] as { address: string; privateKey: string }
  const signetUrl = () => environment.fixture.signet.url
  const cli = () =>
    client.discovery(new URL(`${signetUrl()}/oidc`), 'cli', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    })

  /** The device starts: its code, and its polling (every second) until the user decides. */
  async function startDevice(config: client.Configuration) {
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid eth safe' })
    const tokens = client.pollDeviceAuthorizationGrant(config, { ...started, interval: 1 })
    // A failed poll must fail the test where it is awaited, not as an unhandled rejection.
    tokens.catch(() => {})
    return { started, tokens }
  }

  /** The code page from verification_uri_complete, then the confirmation; lands on the sign-in page. */
  async function enterAndConfirmCode(page: Page, userCode: string) {
    await page.getByRole('heading', { name: 'Sign in a device', level: 1 }).waitFor()
    const code = page.getByLabel('Code shown on your device')
    expect(await code.inputValue()).toBe(userCode)
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code')
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.getByRole('heading', { name: 'Sign in to Signet CLI?', level: 1 }).waitFor()
    expect(await page.locator('.code').textContent()).toBe(userCode)
    expect(await page.getByRole('listitem').allTextContents()).toEqual([
      'Your account id (chain and address)',
      'Your address, chain and account type',
      "Your Safe's owners, threshold and version",
    ])
    await page.getByRole('button', { name: 'Continue' }).click()

    // Signet's usual sign-in page carries the device's request: no redirect URI to show.
    const request = page.getByTestId('oidc-request')
    await request.getByRole('heading', { name: 'Sign in to Signet CLI' }).waitFor()
    expect(await page.getByTestId('oidc-device').textContent()).toBe(
      'Signet CLI receives this sign-in on the device that showed you the code, not in this browser.',
    )
    expect(await page.getByTestId('oidc-redirect-uri').count()).toBe(0)
  }

  /** Allows the application, and waits for Signet's success page. */
  async function allowAndFinish(page: Page) {
    await page.getByRole('button', { name: 'Allow' }).click({ timeout: 60_000 })
    await page.getByRole('heading', { name: 'Signed in', level: 1 }).waitFor({ timeout: 30_000 })
    expect(await page.getByRole('status').textContent()).toBe(
      'You are signed in to Signet CLI. You can close this page and return to your device.',
    )
  }

  it('a key-held account signs a command-line tool in while it polls', { timeout: 150_000 }, async (test) => {
    const config = await cli()
    const { started, tokens } = await startDevice(config)
    const url = new URL(started.verification_uri_complete as string)
    const { page } = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(0)] },
      path: `${url.pathname}${url.search}`,
    })
    await enterAndConfirmCode(page, started.user_code)

    const signed: string[] = []
    page.on('request', (sent) => {
      if (sent.url().endsWith('/login'))
        signed.push((JSON.parse(sent.postData() ?? '{}') as { message: string }).message)
    })
    await page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    const modal = dialog(page)
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByText('Verify your account', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Sign message' }).click()
    await allowAndFinish(page)

    // The message named the application and, for want of a redirect URI, Signet's device page for it.
    expect(signed).toHaveLength(1)
    expect(signed[0]).toContain('\n\nSign in to Signet CLI with your Ethereum account.\n\n')
    expect(signed[0]?.endsWith(`\nResources:\n- ${signetUrl()}/oidc/device?client_id=cli`)).toBe(true)

    const sub = `eip155:31337:${getAddress(key(0).address)}`
    expect((await tokens).claims()).toMatchObject({ sub, aud: 'cli', chain_id: 31337, account_type: 'eoa' })
  })

  it('a 2-of-3 Safe signs the device in once its co-owner confirms, while the device polls', {
    timeout: 150_000,
  }, async (test) => {
    const safe = environment.chain.demoSafe.address
    const config = await cli()
    const { started, tokens } = await startDevice(config)
    const url = new URL(started.verification_uri_complete as string)
    const a = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(0)] },
      path: `${url.pathname}${url.search}`,
    })
    await enterAndConfirmCode(a.page, started.user_code)
    await a.page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    await dialog(a.page).getByRole('button', { name: testWalletName }).click()
    await dialog(a.page)
      .getByTestId('verify-alternative')
      .getByRole('button', { name: 'Choose a Safe' })
      .click()
    await dialog(a.page).waitFor({ state: 'detached' })
    await ownedSafe(a.page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await a.page
      .getByTestId('safe-sign-in-progress')
      .getByText('1 of 2 owners confirmed', { exact: true })
      .waitFor()
    const pending = (await a.page.evaluate(() =>
      JSON.parse(localStorage.getItem('signet.pendingSafeSignIn:oidc:cli') ?? 'null'),
    )) as { message: string }
    expect(pending.message).toContain(`\n${safe}\n\nSign in to Signet CLI with your Ethereum account.\n\n`)
    expect(pending.message.endsWith(`\nResources:\n- ${signetUrl()}/oidc/device?client_id=cli`)).toBe(true)

    // Meanwhile the device hears "pending".
    await expect(
      client.genericGrantRequest(config, deviceGrant, { device_code: started.device_code }),
    ).rejects.toMatchObject({ error: 'authorization_pending' })

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

    // A's page signs in as the Safe, asks for consent, and ends on the success page.
    await allowAndFinish(a.page)
    const claims = (await tokens).claims()
    expect(claims).toMatchObject({
      sub: `eip155:31337:${getAddress(safe)}`,
      aud: 'cli',
      account_type: 'contract',
      safe_threshold: 2,
      safe_version: '1.4.1',
    })
    expect([...((claims?.safe_owners as string[]) ?? [])].sort()).toEqual(
      [key(0).address, key(1).address, key(2).address].map((owner) => getAddress(owner)).sort(),
    )
  })
})
