import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, openConnectModal, walletGroups } from './harness/rainbowkit.ts'

// The demo wallet of demo mode: the server's local chain and its public test keys.
describe('demo wallet (demo mode with the local chain)', () => {
  const fixture = useSignet({ localChain: true })
  const demoAccount = (index: number) => fixture.signet.config.demoAccounts?.[index]?.address as string

  it('is announced over EIP-6963 and listed as installed, with its own clearly labelled panel', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: false })
    const panel = page.getByRole('complementary', { name: 'Signet Demo Wallet' })
    await panel.getByRole('button', { name: 'Signet Demo Wallet' }).click()
    await panel.getByText('Test keys only — never send real funds to these accounts.').waitFor()
    const modal = await openConnectModal(page)
    expect((await walletGroups(modal)).Installed).toEqual(['Signet Demo Wallet'])
  })

  it('connects, signs in and sends on the local chain, and switches account from its panel', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: false })
    await connectTestWallet(page, { wallet: 'Signet Demo Wallet' })
    expect(await page.getByTestId('account-address').textContent()).toBe(demoAccount(0))
    expect(await page.getByTestId('signed-in-address').textContent()).toBe(demoAccount(0))
    expect(await page.getByTestId('account-chain').textContent()).toBe('Local chain (chain 31337)')

    await page.getByRole('button', { name: 'Send test transaction' }).click()
    await page
      .getByTestId('test-transaction-status')
      .getByText(/^Sent test transaction 0x[0-9a-f]{8}…$/)
      .waitFor()

    const panel = page.getByRole('complementary', { name: 'Signet Demo Wallet' })
    await panel.getByRole('button', { name: 'Signet Demo Wallet' }).click()
    await panel.getByLabel('Demo account').selectOption('2')
    await page.getByTestId('account-address').getByText(demoAccount(2), { exact: true }).waitFor()
    await page
      .getByTestId('sign-in-status')
      .getByText(/^Not signed in\./)
      .waitFor()

    await panel.getByRole('button', { name: 'Disconnect this site' }).click()
    await page.getByTestId('rk-connect-button').waitFor()
  })
})
