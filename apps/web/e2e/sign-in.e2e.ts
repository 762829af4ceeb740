import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, dialog, signIn } from './harness/rainbowkit.ts'

/** What the server says about this browser's session: 200 with the session, or 401. */
async function serverSession(
  page: Page,
): Promise<{ status: number; address?: string; accountType?: string }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/session')
    return { status: response.status, ...(response.ok ? await response.json() : {}) }
  })
}

/** The signature with its recovery bit flipped: it then proves another address than the message's. */
function flipRecoveryBit(signature: string): string {
  return `${signature.slice(0, -2)}${signature.endsWith('1b') ? '1c' : '1b'}`
}

/** Passes `/api/auth/verify` on with its signature spoiled; records the server's statuses. */
async function spoilSignatures(page: Page): Promise<number[]> {
  const answers: number[] = []
  await page.route('**/api/auth/verify', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { signature: string }
    body.signature = flipRecoveryBit(body.signature)
    const response = await route.fetch({ postData: JSON.stringify(body) })
    answers.push(response.status())
    await route.fulfill({ response })
  })
  return answers
}

/** Holds requests until `release()`: the step waiting for them stays on screen meanwhile. */
function holdRequests(): { handler: (route: Route) => Promise<void>; release: () => void } {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return {
    handler: async (route) => {
      await released
      await route.continue()
    },
    release,
  }
}

/** The wallet keeps `personal_sign` waiting (as a person reading the message) until `__releaseSignature()`. */
async function holdSignatures(page: Page): Promise<void> {
  await page.evaluate(() => {
    const wallet = window.__testWallet
    if (!wallet) throw new Error('no test wallet')
    const request = wallet.provider.request.bind(wallet.provider)
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    ;(window as Window & { __releaseSignature?: () => void }).__releaseSignature = release
    wallet.provider.request = async (args) => {
      if (args.method === 'personal_sign') await released
      return request(args)
    }
  })
}

const oops = 'Oops, something went wrong!'
const verifyingError = 'Error verifying signature, please retry!'

// Sign-In with Ethereum through RainbowKit's "Verify your account", against the real API.
// Chain 100's RPC is down for the server and the page alike (nothing listens on port 9): a contract
// check there cannot be made.
describe('Sign-In with Ethereum', () => {
  const fixture = useSignet({ env: { SIGNET_RPC_100: 'http://127.0.0.1:9' } })
  const account = (index: number) => fixture.signet.accounts[index]?.address as string

  it('connect → verify → signed in → reload → still signed in → switch account → signed out', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page, { signIn: false })
    const modal = dialog(page)
    await modal
      .getByText(
        'To finish connecting, you must sign a message in your wallet to verify that you are the owner of this account.',
        { exact: true },
      )
      .waitFor()
    await modal.getByRole('button', { name: 'Cancel' }).waitFor()
    await signIn(page)
    expect(await page.getByTestId('signed-in-address').textContent()).toBe(account(0))
    expect(await page.getByTestId('signed-in-account-type').textContent()).toBe('Key-held account (EOA)')
    expect(await serverSession(page)).toMatchObject({
      status: 200,
      address: account(0),
      accountType: 'eoa',
      chainId: 1,
    })

    await page.reload()
    await page.getByTestId('sign-in-status').getByText('Signed in.', { exact: true }).waitFor()
    expect(await page.getByTestId('signed-in-address').textContent()).toBe(account(0))
    // Restored from the server session: the wallet was not asked to sign again.
    expect(await page.evaluate(() => window.__testWallet?.requests.includes('personal_sign'))).toBe(false)

    await page.evaluate(() => window.__testWallet?.selectAccount(1))
    await page.getByTestId('account-address').getByText(account(1), { exact: true }).waitFor()
    await page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()
    await expect.poll(async () => (await serverSession(page)).status).toBe(401)
  })

  it('signs the EIP-4361 message for this site, its chain and a fresh nonce', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const verified: { message: string }[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/verify')) verified.push(JSON.parse(request.postData() ?? '{}'))
    })
    await connectTestWallet(page)
    const host = new URL(fixture.signet.url).host
    const message = verified[0]?.message ?? ''
    expect(message.split('\n').slice(0, 4)).toEqual([
      `${host} wants you to sign in with your Ethereum account:`,
      account(0),
      '',
      'Sign in to Signet with your Ethereum account.',
    ])
    expect(message).toContain(`\nURI: ${fixture.signet.url}\nVersion: 1\nChain ID: 1\nNonce: `)
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{16,}\nIssued At: \d{4}-\d\d-\d\dT/)
  })

  it('shows "Error preparing message, please retry!" when the nonce cannot be fetched', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await page.route('**/api/auth/nonce', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable","message":"down"}}',
      }),
    )
    await connectTestWallet(page, { signIn: false })
    await dialog(page).getByText('Error preparing message, please retry!', { exact: true }).waitFor()
    // Without a nonce the button stays on its first step.
    expect(await dialog(page).getByTestId('rk-auth-message-button').textContent()).toBe(
      'Preparing message...',
    )
    expect(await page.getByText(oops).count()).toBe(0)
  })

  it('shows "Error signing message, please retry!" when the wallet rejects signing', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page, { signIn: false })
    await page.evaluate(() => window.__testWallet?.rejectNext('personal_sign'))
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await dialog(page).getByRole('button', { name: 'Waiting for signature...' }).waitFor()
    await page
      .getByTestId('sign-error')
      .getByText('Error signing message, please retry!', { exact: true })
      .waitFor()
    expect(await page.getByText(oops).count()).toBe(0)
    // Retrying signs in.
    await signIn(page)
    expect(await page.getByTestId('sign-error').count()).toBe(0)
  })

  it('shows "Error signing message, please retry!" when signing fails in the wallet', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page, { signIn: false })
    await page.evaluate(() => window.__testWallet?.failNext('personal_sign', -32603, 'Internal error'))
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await dialog(page).getByText('Error signing message, please retry!', { exact: true }).waitFor()
  })

  it('shows "Error verifying signature, please retry!" when the server rejects the signature', async (test) => {
    const { page } = await openTestPage(fixture, test)
    // The signature proves another address; chain 1 answers that the account is no contract: 401.
    const answers = await spoilSignatures(page)
    await connectTestWallet(page, { signIn: false })
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await dialog(page).getByText(verifyingError, { exact: true }).waitFor()
    expect(answers).toEqual([401])
    expect((await serverSession(page)).status).toBe(401)
    // The dialog stays for another try; nothing says the check could not be made.
    await dialog(page).getByRole('button', { name: 'Sign message' }).waitFor()
    expect(await page.getByTestId('sign-in-trouble').count()).toBe(0)
    expect(await page.getByText(oops).count()).toBe(0)
  })

  it('shows each step: preparing message → waiting for signature → verifying signature → signed in', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const nonce = holdRequests()
    const verify = holdRequests()
    await page.route('**/api/auth/nonce', nonce.handler)
    await page.route('**/api/auth/verify', verify.handler)
    await holdSignatures(page)
    await connectTestWallet(page, { signIn: false })
    const modal = dialog(page)

    const preparing = modal.getByRole('button', { name: 'Preparing message...', exact: true })
    await preparing.waitFor()
    nonce.release()

    await modal.getByRole('button', { name: 'Sign message', exact: true }).click()
    const waiting = modal.getByRole('button', { name: 'Waiting for signature...', exact: true })
    await waiting.waitFor()
    await page.evaluate(() => (window as Window & { __releaseSignature?: () => void }).__releaseSignature?.())

    const verifying = modal.getByRole('button', { name: 'Verifying signature...', exact: true })
    await verifying.waitFor()
    verify.release()

    await page.getByTestId('sign-in-status').getByText('Signed in.', { exact: true }).waitFor()
    await modal.waitFor({ state: 'detached' })
    expect(await serverSession(page)).toMatchObject({ status: 200, address: account(0) })
  })

  it('says "Oops, something went wrong!", not a bad signature, when the chain’s RPC cannot check it (503)', async (test) => {
    // The wallet is on chain 100, whose RPC is unreachable for the server.
    const { page } = await openTestPage(fixture, test, { wallet: { chainId: 100 } })
    // A signature that is not the account's own: only its chain (ERC-1271) could still prove it.
    const answers = await spoilSignatures(page)
    await connectTestWallet(page, { signIn: false })
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()

    const trouble = page.getByTestId('sign-in-trouble')
    await trouble.getByText(oops, { exact: true }).waitFor()
    expect(await page.getByTestId('sign-in-trouble-reason').textContent()).toBe(
      'The chain’s RPC is unreachable, so your signature could not be checked. Try again later.',
    )
    expect(answers).toEqual([503])
    await dialog(page).waitFor({ state: 'detached' })
    expect(await page.getByText(verifyingError).count()).toBe(0)
    await page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()
    expect((await serverSession(page)).status).toBe(401)

    // The account's own signature needs no RPC: trying again signs in, and the notice goes.
    await page.unroute('**/api/auth/verify')
    await trouble.getByRole('button', { name: 'Try again' }).click()
    await dialog(page).getByText('Verify your account', { exact: true }).waitFor()
    await signIn(page)
    expect(await page.getByTestId('sign-in-trouble').count()).toBe(0)
    expect(await serverSession(page)).toMatchObject({ status: 200, address: account(0), chainId: 100 })
  })

  it('says "Oops, something went wrong!" with the reason for a server error, a rate limit and a network failure', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const verifyRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/verify')) verifyRequests.push(request.method())
    })
    const answer =
      (status: number, code: string, headers: Record<string, string> = {}) =>
      (route: Route) =>
        route.fulfill({
          status,
          headers,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code, message: `answered ${status}` } }),
        })
    const cases: { name: string; handle: (route: Route) => Promise<void>; reason: string }[] = [
      {
        name: 'server error',
        handle: answer(500, 'internal_error'),
        reason: 'The sign-in service failed (HTTP 500). Try again later.',
      },
      {
        name: 'rate limit',
        handle: answer(429, 'rate_limited', { 'retry-after': '42' }),
        reason: 'Too many sign-in attempts. Try again in 42 s.',
      },
      {
        name: 'network failure',
        handle: (route) => route.abort('connectionrefused'),
        reason: 'The sign-in service cannot be reached. Check your connection and try again.',
      },
    ]
    await connectTestWallet(page, { signIn: false })
    const trouble = page.getByTestId('sign-in-trouble')
    for (const [index, { name, handle, reason }] of cases.entries()) {
      await page.route('**/api/auth/verify', handle)
      if (index > 0) {
        await trouble.getByRole('button', { name: 'Try again' }).click()
        await dialog(page).getByText('Verify your account', { exact: true }).waitFor()
      }
      await dialog(page).getByRole('button', { name: 'Sign message' }).click()
      // A new attempt clears the last one's notice; this one's then says what happened.
      await page
        .getByTestId('sign-in-trouble-reason')
        .getByText(reason, { exact: true })
        .waitFor()
        .catch((error: Error) => {
          throw new Error(`${name}: ${error.message}`)
        })
      expect(await trouble.locator('p').first().textContent()).toBe(oops)
      await dialog(page).waitFor({ state: 'detached' })
      expect(await page.getByText(verifyingError).count()).toBe(0)
      await page.unroute('**/api/auth/verify')
    }
    expect(verifyRequests).toEqual(['POST', 'POST', 'POST'])
    await page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()

    // Dismissed, the notice goes; the page's own "Sign in" then signs in.
    await trouble.getByRole('button', { name: 'Dismiss' }).click()
    expect(await page.getByTestId('sign-in-trouble').count()).toBe(0)
    await page
      .getByRole('region', { name: 'Sign-in' })
      .getByRole('button', { name: 'Sign in', exact: true })
      .click()
    await signIn(page)
    expect(await serverSession(page)).toMatchObject({ status: 200, address: account(0) })
  })

  it('Sign out ends the session on the server', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()
    expect((await serverSession(page)).status).toBe(401)
  })

  it('disconnecting ends the session on the server', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.getByTestId('rk-account-button').click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('rk-connect-button').waitFor()
    await expect.poll(async () => (await serverSession(page)).status).toBe(401)
  })
})

// RainbowKit fetches the nonce once, when "Verify your account" opens, and signs every attempt with it.
describe('a nonce that expires while the dialog is open', () => {
  const fixture = useSignet({ env: { SIGNET_NONCE_TTL: '2s' } })

  it('is replaced by a fresh one before signing, so the sign-in still succeeds', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const nonces: string[] = []
    const signed: string[] = []
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/auth/nonce')) nonces.push((await response.json()).nonce)
    })
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/verify'))
        signed.push(/\nNonce: (\S+)\n/.exec(JSON.parse(request.postData() ?? '{}').message)?.[1] ?? '')
    })
    await connectTestWallet(page, { signIn: false })
    await expect.poll(() => nonces.length).toBe(1)
    // The dialog's nonce runs out while the person reads.
    await page.waitForTimeout(2_500)
    await signIn(page)
    expect(nonces).toHaveLength(2)
    expect(signed).toEqual([nonces[1]])
    expect(await page.getByText(verifyingError).count()).toBe(0)
    expect(await serverSession(page)).toMatchObject({
      status: 200,
      address: fixture.signet.accounts[0]?.address,
    })
  })
})
