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
