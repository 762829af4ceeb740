import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'

// SPEC §1: the account area, the Profile view (RainbowKit's account modal) and the connector
// behaviour wagmi provides: account change, no accounts left, reload, rejection.
describe('connected account', () => {
  const fixture = useSignet()
  const account = (index: number) => fixture.signet.accounts[index]?.address as string

  it('shows the address, wallet and network; the wallet was asked for eth_accounts permission', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    expect(await page.getByTestId('account-address').textContent()).toBe(account(0))
    expect(await page.getByTestId('account-wallet').textContent()).toBe(testWalletName)
    expect(await page.getByTestId('account-chain').textContent()).toBe('Ethereum (chain 1)')
    const requests = (await page.evaluate(() => window.__testWallet?.requests)) ?? []
    expect(requests).toContain('wallet_requestPermissions')
    expect(requests.indexOf('wallet_requestPermissions')).toBeLessThan(requests.lastIndexOf('eth_accounts'))
  })

  it('profile: copies the address and links it on the chain’s block explorer', async (test) => {
    const { page } = await openTestPage(fixture, test, { permissions: ['clipboard-read', 'clipboard-write'] })
    await connectTestWallet(page)
    await page.getByRole('button', { name: 'Open profile' }).click()
    const modal = dialog(page)
    await modal.getByRole('button', { name: 'Copy Address' }).click()
    await modal.getByText('Copied!', { exact: true }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account(0))
    const explorer = modal.getByRole('link', { name: 'View more on explorer' })
    expect(await explorer.getAttribute('href')).toBe(`https://etherscan.io/address/${account(0)}`)
  })

  it('profile: recent transactions appear and Clear All removes them', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.getByRole('button', { name: 'Send test transaction' }).click()
    const status = page.getByTestId('test-transaction-status')
    await status.getByText(/^Sent test transaction 0x[0-9a-f]{8}…$/).waitFor()
    await page.getByRole('button', { name: 'Open profile' }).click()
    const modal = dialog(page)
    await modal.getByText('Recent Transactions', { exact: true }).waitFor()
    const transaction = modal.getByRole('link', { name: /Test transaction \(0 to yourself\)/ })
    expect(await transaction.getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/)
    // RainbowKit follows the transaction on the chain until it is mined ("Confirmed").
    await transaction.getByText('Confirmed', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Clear All' }).click()
    await modal.getByText('Signet transactions will appear here...', { exact: true }).waitFor()
    expect(await modal.getByText('Test transaction (0 to yourself)').count()).toBe(0)
  })

  it('profile: Disconnect ends the connection', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.getByTestId('rk-account-button').click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('rk-connect-button').waitFor()
    expect(await page.getByRole('heading', { name: 'Your account' }).count()).toBe(0)
  })

  it('a reload reconnects from wagmi’s storage without asking the wallet again', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.reload()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    expect(await page.getByTestId('account-address').textContent()).toBe(account(0))
    const requests = (await page.evaluate(() => window.__testWallet?.requests)) ?? []
    expect(requests).not.toContain('wallet_requestPermissions')
    expect(requests).not.toContain('eth_requestAccounts')
  })

  it('follows an account change in the wallet', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.selectAccount(1))
    await page.getByTestId('account-address').getByText(account(1), { exact: true }).waitFor()
  })

  it('disconnects when the wallet reports no accounts left (accountsChanged [])', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.emitAccountsChanged([]))
    await page.getByTestId('rk-connect-button').waitFor()
    expect(await page.getByRole('heading', { name: 'Your account' }).count()).toBe(0)
  })

  it('a transaction rejected in the wallet is reported as rejected by the user', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.rejectNext('eth_sendTransaction'))
    await page.getByRole('button', { name: 'Send test transaction' }).click()
    await page
      .getByTestId('test-transaction-status')
      .getByText('You rejected the request in your wallet.', { exact: true })
      .waitFor()
  })
})
