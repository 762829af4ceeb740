import type { Page } from 'playwright-core'
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

// SPEC §2: Sign-In with Ethereum through RainbowKit's "Verify your account", against the real API.
describe('Sign-In with Ethereum', () => {
  const fixture = useSignet()
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
  })

  it('shows "Error signing message, please retry!" when the wallet rejects signing', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page, { signIn: false })
    await page.evaluate(() => window.__testWallet?.rejectNext('personal_sign'))
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await page
      .getByTestId('sign-error')
      .getByText('Error signing message, please retry!', { exact: true })
      .waitFor()
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
    const answers: number[] = []
    // Flip the signature's recovery bit on its way: it then proves another address (401 from the server).
    await page.route('**/api/auth/verify', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { signature: string }
      body.signature = `${body.signature.slice(0, -2)}${body.signature.endsWith('1b') ? '1c' : '1b'}`
      const response = await route.fetch({ postData: JSON.stringify(body) })
      answers.push(response.status())
      await route.fulfill({ response })
    })
    await connectTestWallet(page, { signIn: false })
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await dialog(page).getByText('Error verifying signature, please retry!', { exact: true }).waitFor()
    expect(answers).toEqual([401])
    expect((await serverSession(page)).status).toBe(401)
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
