import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { closeModal, connectTestWallet, openConnectModal, walletGroups } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'

// SPEC §1 "WalletConnect project id" and the demo wallet's absence in production.
describe('production without a WalletConnect project id', () => {
  const fixture = useSignet({ withoutWalletConnect: true, env: { SIGNET_MODE: 'production' } })

  it('leaves every WalletConnect-based wallet out and warns why', async (test) => {
    const { page, console } = await openTestPage(fixture, test)
    const sockets: string[] = []
    page.on('websocket', (socket) => sockets.push(socket.url()))
    const modal = await openConnectModal(page)
    expect(await walletGroups(modal)).toEqual({
      Installed: [testWalletName],
      // MetaMask, Rainbow, Ledger, Trust, Zerion and Ready fall back to WalletConnect without
      // their extension; Coinbase uses its own SDK; Safe is offered inside Safe{Wallet} only.
      Recommended: ['Coinbase Wallet'],
    })
    expect(console).toContain(
      'warning: [Signet] No WalletConnect project id is configured (SIGNET_WALLETCONNECT_PROJECT_ID), so WalletConnect-based wallets are left out: metaMask, rainbow, walletConnect, ledger, trust, zerion, argent.',
    )
    expect(sockets.filter((url) => url.includes('walletconnect'))).toEqual([])
  })

  it('never offers the demo wallet in production', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const scripts: string[] = []
    page.on('request', (request) => scripts.push(request.url()))
    await page.reload()
    const modal = await openConnectModal(page)
    expect(await modal.getByText('Signet Demo Wallet').count()).toBe(0)
    expect(await page.getByRole('complementary', { name: 'Signet Demo Wallet' }).count()).toBe(0)
    expect(fixture.signet.config.demoAccounts).toBeUndefined()
    expect(scripts.filter((url) => url.includes('demo-wallet'))).toEqual([])
    // Nor the demo's "Send test transaction": on a real chain it would cost gas.
    await closeModal(page)
    await connectTestWallet(page)
    expect(await page.getByRole('button', { name: 'Send test transaction' }).count()).toBe(0)
  })
})

describe('placeholder WalletConnect project id', () => {
  const fixture = useSignet({ env: { SIGNET_WALLETCONNECT_PROJECT_ID: 'YOUR_PROJECT_ID' } })

  it('keeps the WalletConnect wallets but warns that the id is a placeholder', async (test) => {
    const { page, console } = await openTestPage(fixture, test, { wallet: false })
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'WalletConnect' }).waitFor()
    expect(console).toContain(
      'warning: [Signet] SIGNET_WALLETCONNECT_PROJECT_ID is a placeholder ("YOUR_PROJECT_ID"): WalletConnect will not work for your users. Create a project id at WalletConnect Cloud.',
    )
  })
})

// SPEC §1 "Connect a Wallet": the operator's own group names and order (SIGNET_WALLET_GROUPS).
describe('operator wallet groups', () => {
  const fixture = useSignet({
    env: {
      SIGNET_WALLET_GROUPS: 'Popular: metaMask, rainbow; More: coinbase, rabby, brave; Hardware: ledger',
    },
  })

  it('lists the wallets under the configured group names, in the configured order', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const modal = await openConnectModal(page)
    expect(await walletGroups(modal)).toEqual({
      Installed: [testWalletName],
      Popular: ['MetaMask', 'Rainbow'],
      // RainbowKit lists a wallet that is not in the browser only when it can offer its extension:
      // Rabby can, Brave Wallet (part of the Brave browser) cannot, so it is not offered here.
      More: ['Coinbase Wallet', 'Rabby Wallet'],
      Hardware: ['Ledger'],
    })
  })

  it('says an extension wallet that is not in the browser is not installed, with its install link', async (test) => {
    const { page } = await openTestPage(fixture, test)
    // The test wallet keeps its prompt open, so the dialog stays on its connect view meanwhile.
    await page.evaluate(() => window.__testWallet?.holdNext('wallet_requestPermissions'))
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByText(`Opening ${testWalletName}...`, { exact: true }).waitFor()
    // A wallet that is not installed opens its download options; "Back" returns to the connect
    // view, now for that wallet: RainbowKit's "not installed" status with an INSTALL link.
    await modal.getByRole('button', { name: 'Rabby Wallet' }).click()
    await modal.getByText('Get Rabby Wallet', { exact: true }).waitFor()
    await modal.getByText('Rabby Wallet for Chrome', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByText('Rabby Wallet is not installed', { exact: true }).waitFor()
    const install = modal.getByRole('link', { name: 'INSTALL' })
    expect(await install.getAttribute('href')).toBe(
      'https://chrome.google.com/webstore/detail/rabby-wallet/acmacodkjbdgmoleebolmdjonilkdbch',
    )
    expect(await modal.getByText('Confirm connection in the extension', { exact: true }).count()).toBe(0)
    // Nothing was asked of a wallet that is not there; the test wallet's prompt is still open.
    expect(await page.evaluate(() => window.__testWallet?.held())).toEqual(['wallet_requestPermissions'])
  })
})
