import { execSafeTransaction, signSafeMessage } from '@signet/devchain/safe-signatures'
import { createGatewayClient } from '@signet/gateway/client'
import type { Page } from 'playwright-core'
import { type Address, encodeFunctionData, type Hex, hashMessage, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { openTestPage } from './harness/fixture.ts'
import { connectTestWallet } from './harness/rainbowkit.ts'
import {
  ownedSafe,
  storedPendingSignIn,
  useOwnerSignInEnvironment,
} from './safe-owner-sign-in-environment.ts'

// The errors users meet while signing in as a Safe from an owner's wallet, each with its text.
describe('sign in as a Safe: errors', () => {
  const environment = useOwnerSignInEnvironment()
  const account = (index: number) =>
    environment.fixture.signet.accounts[index] as { address: Address; privateKey: Hex }
  const unreachable = 'The Safe Client Gateway cannot be reached. Check the connection and try again.'

  /** Owner A (account 0) starts signing in as `safe` and waits for "1 of 2". */
  async function startAsOwnerA(page: Page, safe: Address): Promise<{ message: string; messageHash: Hex }> {
    await ownedSafe(page, safe).getByRole('button', { name: 'Sign in as this Safe' }).click()
    await page
      .getByTestId('safe-sign-in-progress')
      .getByText('1 of 2 owners confirmed', { exact: true })
      .waitFor()
    return (await storedPendingSignIn(page)) as { message: string; messageHash: Hex }
  }

  it('tells an account that is not an owner so, and shows the gateway’s 422 for a signature it refuses', async (test) => {
    const safe = await environment.createSafe([0, 1, 2], 2)
    const a = await openTestPage(environment.fixture, test)
    await connectTestWallet(a.page)
    const { messageHash } = await startAsOwnerA(a.page, safe)
    const path = `/#/safe-message/31337/${safe}/${messageHash}`

    // Account 5 owns nothing: it may read the message but not confirm it.
    const c = await openTestPage(environment.fixture, test, { wallet: { accounts: [account(5)] }, path })
    await c.page.getByTestId('safe-message-text').waitFor()
    await connectTestWallet(c.page)
    await c.page
      .getByTestId('safe-message-not-owner')
      .getByText(`The connected account ${account(5).address} is not an owner of this Safe.`, { exact: true })
      .waitFor()
    expect(await c.page.getByRole('button', { name: 'Confirm message' }).count()).toBe(0)

    // Owner B confirms in one tab; an older tab of B still offers to confirm, and the gateway refuses.
    const b = await openTestPage(environment.fixture, test, { wallet: { accounts: [account(1)] }, path })
    await connectTestWallet(b.page)
    const staleTab = await b.context.newPage()
    await staleTab.goto(`${environment.fixture.signet.url}${path}`)
    const staleConfirm = staleTab.getByRole('button', { name: 'Confirm message' })
    await staleConfirm.waitFor()
    await b.page.getByRole('button', { name: 'Confirm message' }).click()
    await b.page
      .getByTestId('safe-message-progress')
      .getByText('2 of 2 owners confirmed', { exact: true })
      .waitFor()
    await staleConfirm.click()
    await staleTab
      .getByTestId('safe-message-error')
      .getByText(
        `The Safe Client Gateway rejected the signature: 422: Signature for owner ${account(1).address} already exists`,
        { exact: true },
      )
      .waitFor()
    await staleTab.getByTestId('safe-message-you-confirmed').waitFor()
  })

  it('ends the sign-in when the Safe’s threshold changes while waiting', async (test) => {
    const safe = await environment.createSafe([0, 1, 2], 2)
    const { page } = await openTestPage(environment.fixture, test)
    await connectTestWallet(page)
    await startAsOwnerA(page, safe)

    await execSafeTransaction({
      rpcUrl: environment.chain.anvil.rpcUrl,
      safe,
      ownerKeys: [account(0).privateKey, account(1).privateKey],
      to: safe,
      data: encodeFunctionData({ abi: parseAbi(['function changeThreshold(uint256)']), args: [1n] }),
    })
    await page
      .getByTestId('safe-sign-in-error')
      .getByText(
        "The Safe's owners or threshold changed while waiting for confirmations (now 1 of 3, was 2 of 3). Start the sign-in again.",
        { exact: true },
      )
      .waitFor({ timeout: 45_000 })
    expect(await storedPendingSignIn(page)).toBeNull()
    // The list is back, with the Safe as it is now.
    await ownedSafe(page, safe).getByText('1 of 3 owners must confirm · Safe 1.4.1').waitFor()
  }, 90_000)

  it('says when the gateway is unreachable: listing Safes (retry) and while waiting (keeps trying)', async (test) => {
    const safe = await environment.createSafe([0, 1, 2], 2)
    const { page, context } = await openTestPage(environment.fixture, test)
    const gatewayRequests = `${environment.gateway.url}/**`
    await context.route(gatewayRequests, (route) => route.abort('connectionrefused'))
    await connectTestWallet(page)
    const notice = page.getByTestId('owned-safes-error')
    await notice.getByText(/^Your Safes on .*Local chain could not be loaded\. /).waitFor()
    expect(await notice.locator('p').textContent()).toMatch(
      new RegExp(`could not be loaded\\. ${escapeRegExp(unreachable)}$`),
    )

    await context.unroute(gatewayRequests)
    await notice.getByRole('button', { name: 'Retry' }).click()
    await ownedSafe(page, safe).getByTestId('owned-safe-threshold').waitFor()
    expect(await page.getByTestId('owned-safes-error').count()).toBe(0)

    await startAsOwnerA(page, safe)
    await context.route(gatewayRequests, (route) => route.abort('connectionrefused'))
    await page
      .getByTestId('safe-sign-in-passing-error')
      .getByText(`Progress unavailable right now: ${unreachable} Retrying…`, { exact: true })
      .waitFor({ timeout: 30_000 })
    expect(await storedPendingSignIn(page)).not.toBeNull()
    await context.unroute(gatewayRequests)
    await page.getByTestId('safe-sign-in-passing-error').waitFor({ state: 'detached', timeout: 45_000 })
    expect(await page.getByTestId('safe-sign-in-progress').textContent()).toBe('1 of 2 owners confirmed')
  }, 120_000)

  it('restarts cleanly when the nonce expired: on coming back, and when the last owner confirms too late', async (test) => {
    const safe = await environment.createSafe([0, 1, 2], 2)
    const expired =
      'This sign-in request expired before all owners confirmed it. Start again to sign a new message.'
    const { page } = await openTestPage(environment.fixture, test)
    await connectTestWallet(page)
    const first = await startAsOwnerA(page, safe)

    // Days later (the nonce's time is up), the owner comes back.
    expect(await environment.expireNonces()).toBeGreaterThanOrEqual(1)
    await page.reload()
    await page.getByTestId('safe-sign-in-error').getByText(expired, { exact: true }).waitFor()
    expect(await storedPendingSignIn(page)).toBeNull()

    // Starting again signs a new message; this time owner B confirms after the nonce expired.
    const second = await startAsOwnerA(page, safe)
    expect(second.messageHash).not.toBe(first.messageHash)
    await environment.expireNonces()
    const gateway = createGatewayClient({ baseUrl: environment.gateway.url })
    const { signature } = await signSafeMessage(account(1).privateKey, {
      safe,
      chainId: 31337,
      version: '1.4.1',
      message: hashMessage(second.message),
    })
    await gateway.confirmSafeMessage(31337, second.messageHash, { signature })
    await page
      .getByTestId('safe-sign-in-error')
      .getByText(expired, { exact: true })
      .waitFor({ timeout: 45_000 })
    expect(await storedPendingSignIn(page)).toBeNull()
    await ownedSafe(page, safe).getByRole('button', { name: 'Sign in as this Safe' }).waitFor()
  }, 120_000)

  it('says so when the owner rejects the signature in the wallet', async (test) => {
    const { page } = await openTestPage(environment.fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.rejectNext('eth_signTypedData_v4'))
    await ownedSafe(page, environment.chain.demoSafe.address)
      .getByRole('button', { name: 'Sign in as this Safe' })
      .click()
    await page
      .getByTestId('safe-sign-in-error')
      .getByText('The signature was rejected in the wallet.', { exact: true })
      .waitFor()
    expect(await storedPendingSignIn(page)).toBeNull()
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
