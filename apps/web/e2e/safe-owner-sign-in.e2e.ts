import { safeMessageHash } from '@signet/devchain/safe-signatures'
import type { Page } from 'playwright-core'
import { type Hex, hashMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { openTestPage } from './harness/fixture.ts'
import { connectTestWallet, dialog, signIn } from './harness/rainbowkit.ts'
import {
  ownedSafe,
  sessionOf,
  storedPendingSignIn,
  useOwnerSignInEnvironment,
} from './safe-owner-sign-in-environment.ts'

// An owner connected with their own wallet signs in as one of their Safes; co-owners confirm
// through a Signet link in their own browser. Demo chain, local gateway, real server.
describe('sign in as a Safe from an owner’s wallet', () => {
  const environment = useOwnerSignInEnvironment()
  const account = (index: number) => environment.chain.anvil.accounts[index]?.address as `0x${string}`
  const key = (index: number) =>
    environment.fixture.signet.accounts[index] as { address: string; privateKey: string }

  /** The account area: signed in as `safe`, through its owner `owner` (the wallet's account). */
  async function expectSignedInAsSafe(page: Page, safe: string, owner: string): Promise<void> {
    await page.getByTestId('signed-in-owner').getByText(owner, { exact: true }).waitFor()
    expect(await page.getByTestId('sign-in-status').textContent()).toBe('Signed in.')
    expect(await page.getByTestId('signed-in-address').textContent()).toBe(safe)
    expect(await page.getByTestId('signed-in-account-type').textContent()).toBe('Smart-contract account')
  }

  it('owner A signs in as the 2-of-3 Safe once owner B confirms through the link', {
    timeout: 150_000,
  }, async (test) => {
    const safe = environment.chain.demoSafe.address
    // A's wallet holds A, owner C and account 3, which owns nothing.
    const a = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [0, 2, 3].map((index) => key(index)) },
    })
    await connectTestWallet(a.page)

    // A's Safes on the demo chain, with threshold and owners.
    const item = ownedSafe(a.page, safe)
    await item
      .getByTestId('owned-safe-threshold')
      .getByText('2 of 3 owners must confirm · Safe 1.4.1')
      .waitFor()
    expect(await item.getByRole('listitem').allTextContents()).toEqual([
      `${account(0)} (you)`,
      account(1),
      account(2),
    ])
    await ownedSafe(a.page, environment.chain.singleOwnerSafe.address)
      .getByText('1 of 1 owner must confirm · Safe 1.4.1', { exact: true })
      .waitFor()

    await item.getByRole('button', { name: 'Sign in as this Safe' }).click()
    const progress = a.page.getByTestId('safe-sign-in-progress')
    await progress.getByText('1 of 2 owners confirmed', { exact: true }).waitFor()
    expect(
      await a.page.getByTestId('safe-sign-in-progress-by').getByRole('listitem').allTextContents(),
    ).toEqual([`${account(0)} (you)`])
    expect(await a.page.evaluate(() => window.__testWallet?.requests)).toContain('eth_signTypedData_v4')

    // The message: the Safe's SIWE text; its SafeMessage hash is devchain's; the server holds its nonce a week.
    const pending = (await storedPendingSignIn(a.page)) as {
      message: string
      messageHash: Hex
      nonceExpiresAt: string
    }
    const message = pending.message
    expect(message).toContain(
      `wants you to sign in with your Ethereum account:\n${safe}\n\nSign in to Signet as this Safe.`,
    )
    expect(message).toMatch(/\nChain ID: 31337\n/)
    expect(pending.messageHash).toBe(
      safeMessageHash({
        safe,
        chainId: 31337,
        version: '1.4.1',
        message: hashMessage(message),
      }).toLowerCase(),
    )
    const issuedAt = Date.parse(/^Issued At: (.+)$/m.exec(message)?.[1] ?? '')
    const expiresAt = Date.parse(/^Expiration Time: (.+)$/m.exec(message)?.[1] ?? '')
    expect(expiresAt - issuedAt).toBe(7 * 86_400_000)
    const held = await environment.nonceExpiry(message)
    expect(held).toBe(Date.parse(pending.nonceExpiresAt))
    expect(held).toBeGreaterThan(Date.now() + 7 * 86_400_000 - 120_000)

    // The links a co-owner can open: Signet's confirm page and the same message in Safe{Wallet}.
    const link = (await a.page.getByTestId('safe-sign-in-signet-link').getAttribute('href')) ?? ''
    expect(link).toBe(`${environment.fixture.signet.url}/#/safe-message/31337/${safe}/${pending.messageHash}`)
    expect(await a.page.getByTestId('safe-sign-in-safe-wallet-link').getAttribute('href')).toBe(
      `https://app.safe.global/transactions/msg?safe=anvil:${safe}&messageHash=${pending.messageHash}`,
    )

    // Leaving and coming back resumes the sign-in instead of starting over.
    await a.page.reload()
    await progress.getByText('1 of 2 owners confirmed', { exact: true }).waitFor()
    expect(((await storedPendingSignIn(a.page)) as { messageHash: string }).messageHash).toBe(
      pending.messageHash,
    )

    // Owner B, in another browser, opens the link, reads the exact message and confirms it.
    const b = await openTestPage(environment.fixture, test, {
      wallet: {
        accounts: [environment.fixture.signet.accounts[1] as { address: string; privateKey: string }],
      },
      path: `/${new URL(link).hash}`,
    })
    await b.page.getByTestId('safe-message-text').waitFor()
    expect(await b.page.getByTestId('safe-message-text').textContent()).toBe(message)
    await b.page
      .getByTestId('safe-message-progress')
      .getByText('1 of 2 owners confirmed', { exact: true })
      .waitFor()
    await connectTestWallet(b.page)
    await b.page.getByRole('button', { name: 'Confirm message' }).click()
    await b.page
      .getByTestId('safe-message-progress')
      .getByText('2 of 2 owners confirmed', { exact: true })
      .waitFor()
    await b.page.getByTestId('safe-message-settled').waitFor()
    expect(
      await b.page.getByTestId('safe-message-progress-by').getByRole('listitem').allTextContents(),
    ).toEqual([account(0), `${account(1)} (you)`])

    // A's page sees the confirmation and signs in with the gateway's prepared signature.
    await a.page
      .getByTestId('safe-signed-in')
      .getByText(
        `Signed in as Safe ${safe} on ${environment.fixture.signet.chains[0]?.name} (Smart-contract account).`,
      )
      .waitFor({ timeout: 60_000 })
    expect(await sessionOf(a.page)).toMatchObject({
      status: 200,
      body: { address: safe, chainId: 31337, accountType: 'contract' },
    })
    expect(await storedPendingSignIn(a.page)).toBeNull()
    expect(await environment.nonceExpiry(message)).toBe(held)

    // The account area shows the Safe's session, held through A; a reload keeps it.
    await expectSignedInAsSafe(a.page, safe, account(0))
    await a.page.reload()
    await expectSignedInAsSafe(a.page, safe, account(0))
    expect(await sessionOf(a.page)).toMatchObject({
      status: 200,
      body: { address: safe, chainId: 31337, accountType: 'contract' },
    })

    // The wallet switches to owner C: the session stays; then to account 3, no owner: it ends.
    await a.page.evaluate(() => window.__testWallet?.selectAccount(1))
    await expectSignedInAsSafe(a.page, safe, account(2))
    expect((await sessionOf(a.page)).status).toBe(200)
    await a.page.evaluate(() => window.__testWallet?.selectAccount(2))
    await a.page.getByTestId('account-address').getByText(account(3), { exact: true }).waitFor()
    await a.page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()
    await expect.poll(async () => (await sessionOf(a.page)).status).toBe(401)
    expect(await a.page.getByTestId('safe-signed-in').count()).toBe(0)
  })

  it('owner and co-owner need not sign in as themselves first: the Safe is offered in the dialog', {
    timeout: 120_000,
  }, async (test) => {
    const safe = await environment.createSafe([0, 1], 2)
    const a = await openTestPage(environment.fixture, test)
    await connectTestWallet(a.page, { signIn: false })
    // RainbowKit's "Verify your account" carries the way out; choosing it keeps the wallet connected.
    const offer = dialog(a.page).getByTestId('verify-alternative')
    await offer.getByText(/^This account owns \d+ Safes\. Sign in as a Safe instead\?$/).waitFor()
    await offer.getByRole('button', { name: 'Choose a Safe' }).click()
    await dialog(a.page).waitFor({ state: 'detached' })
    await a.page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()
    expect(await a.page.getByTestId('account-address').textContent()).toBe(account(0))
    expect(await a.page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in as this Safe')
    expect((await sessionOf(a.page)).status).toBe(401)

    await ownedSafe(a.page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await a.page
      .getByTestId('safe-sign-in-progress')
      .getByText('1 of 2 owners confirmed', { exact: true })
      .waitFor()
    const link = (await a.page.getByTestId('safe-sign-in-signet-link').getAttribute('href')) ?? ''

    // Co-owner B confirms without a Signet session, then may still sign in as themselves.
    const b = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(1)] },
      path: `/${new URL(link).hash}`,
    })
    await b.page.getByTestId('safe-message-text').waitFor()
    await connectTestWallet(b.page, { signIn: false })
    await dialog(b.page)
      .getByTestId('verify-alternative')
      .getByText('Only here to confirm this Safe message? That needs no sign-in to Signet.', { exact: true })
      .waitFor()
    await dialog(b.page).getByRole('button', { name: 'Confirm without signing in' }).click()
    await dialog(b.page).waitFor({ state: 'detached' })
    await b.page.getByRole('button', { name: 'Confirm message' }).click()
    await b.page.getByTestId('safe-message-settled').waitFor()
    expect((await sessionOf(b.page)).status).toBe(401)
    await b.page
      .getByRole('region', { name: 'Sign-in' })
      .getByRole('button', { name: 'Sign in', exact: true })
      .click()
    await dialog(b.page).getByText('Verify your account', { exact: true }).waitFor()
    await signIn(b.page)
    expect(await sessionOf(b.page)).toMatchObject({ status: 200, body: { address: account(1) } })

    await expectSignedInAsSafe(a.page, safe, account(0))
    expect(await sessionOf(a.page)).toMatchObject({ status: 200, body: { address: safe } })
    // Only the SafeMessage was signed: RainbowKit's own sign-in never asked A's wallet.
    expect(await a.page.evaluate(() => window.__testWallet?.requests.includes('personal_sign'))).toBe(false)
  })

  it('signs in as a 1-of-1 Safe in one step', async (test) => {
    const safe = environment.chain.singleOwnerSafe.address
    const { page } = await openTestPage(environment.fixture, test)
    await connectTestWallet(page)
    await ownedSafe(page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await page
      .getByTestId('safe-signed-in')
      .getByText(`Signed in as Safe ${safe}`, { exact: false })
      .waitFor()
    expect(await sessionOf(page)).toMatchObject({
      status: 200,
      body: { address: safe, accountType: 'contract' },
    })
    expect(await storedPendingSignIn(page)).toBeNull()
  })

  it('ends the Safe’s session when the wallet switches to another owner the chain cannot confirm', async (test) => {
    const safe = await environment.createSafe([0, 1], 1)
    const { page, context } = await openTestPage(environment.fixture, test, {
      wallet: { accounts: [key(0), key(1)] },
    })
    await connectTestWallet(page)
    await ownedSafe(page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await expectSignedInAsSafe(page, safe, account(0))

    // The browser loses the chain (its RPC refuses connections); the server keeps the session until told.
    const rpc = new URL(environment.chain.anvil.rpcUrl)
    const toChain = (url: URL) => url.host === rpc.host
    await context.route(toChain, (route) => route.abort('connectionrefused'))
    await page.evaluate(() => window.__testWallet?.selectAccount(1))
    await page.getByTestId('account-address').getByText(account(1), { exact: true }).waitFor()
    // Account 1 does own the Safe, but nothing can confirm it now: the session fails closed, saying why.
    await page
      .getByTestId('sign-in-ended')
      .getByText(
        `Signed out of Safe ${safe}: the wallet switched to ${account(1)}, and the Safe’s chain could not confirm that it is an owner (HTTP request failed).`,
        { exact: true },
      )
      .waitFor()
    expect(await page.getByTestId('sign-in-status').textContent()).toMatch(/^Not signed in\./)
    expect(await page.getByTestId('signed-in-address').count()).toBe(0)
    await expect.poll(async () => (await sessionOf(page)).status).toBe(401)

    // Signing in again (here as account 1 itself) clears the explanation.
    await context.unroute(toChain)
    await page
      .getByRole('region', { name: 'Sign-in' })
      .getByRole('button', { name: 'Sign in', exact: true })
      .click()
    await signIn(page)
    expect(await page.getByTestId('sign-in-ended').count()).toBe(0)
    expect(await sessionOf(page)).toMatchObject({ status: 200, body: { address: account(1) } })
  })

  it('falls back to an eth_sign signature (v + 4) where the wallet cannot sign typed data', async (test) => {
    const safe = await environment.createSafe([0], 1)
    const { page, context } = await openTestPage(environment.fixture, test)
    // This wallet has no eth_signTypedData_v4 (EIP-1193 4200), as some hardware and older wallets.
    await context.addInitScript(() => {
      const wallet = window.__testWallet
      if (!wallet) return
      const request = wallet.provider.request.bind(wallet.provider)
      wallet.provider.request = async (args) => {
        if (args.method === 'eth_signTypedData_v4') {
          wallet.requests.push(args.method)
          throw Object.assign(new Error('The wallet does not support the method "eth_signTypedData_v4".'), {
            code: 4200,
          })
        }
        return request(args)
      }
    })
    await page.reload()
    await connectTestWallet(page)
    await ownedSafe(page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await page
      .getByTestId('safe-signed-in')
      .getByText(`Signed in as Safe ${safe}`, { exact: false })
      .waitFor()
    const requests = (await page.evaluate(() => window.__testWallet?.requests)) ?? []
    expect(
      requests.filter((method) => method === 'eth_signTypedData_v4' || method === 'personal_sign'),
    ).toEqual([
      'personal_sign', // RainbowKit's own sign-in as the owner
      'eth_signTypedData_v4',
      'personal_sign',
    ])
    expect(await sessionOf(page)).toMatchObject({
      status: 200,
      body: { address: safe, accountType: 'contract' },
    })
  })
})
