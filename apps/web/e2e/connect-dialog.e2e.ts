import { describe, expect, it } from 'vitest'
import { withoutDesktopApps } from './harness/browser.ts'
import { openTestPage, useSignet } from './harness/fixture.ts'
import {
  closeModal,
  connectTestWallet,
  dialog,
  openConnectModal,
  readQrCode,
  signIn,
  walletGroups,
} from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'
import { stubWalletConnectRelay } from './harness/walletconnect-relay.ts'
import { attachWalletConnectWallet } from './harness/walletconnect-wallet.ts'

// Every view of the connect dialog, with RainbowKit's exact texts.
describe('connect dialog', () => {
  const fixture = useSignet()

  it('opens on the intro: "What is a Wallet?" with Get a Wallet and Learn More', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const modal = await openConnectModal(page)
    for (const text of [
      'What is a Wallet?',
      'A Home for your Digital Assets',
      'Wallets are used to send, receive, store, and display digital assets like Ethereum and NFTs.',
      'A New Way to Log In',
      'Instead of creating new accounts and passwords on every website, just connect your wallet.',
    ]) {
      await modal.getByText(text, { exact: true }).waitFor()
    }
    await modal.getByRole('button', { name: 'Get a Wallet' }).waitFor()
    const learnMore = modal.getByRole('link', { name: 'Learn More' })
    expect(await learnMore.getAttribute('href')).toBe('https://ethereum.org/en/wallets/')
  })

  it('lists wallets in the operator’s groups, the discovered (EIP-6963) wallet as installed', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const modal = await openConnectModal(page)
    expect(await walletGroups(modal)).toEqual({
      Installed: [testWalletName],
      Recommended: ['MetaMask', 'Rainbow', 'Coinbase Wallet', 'WalletConnect'],
      // Safe is offered only inside Safe{Wallet}; "argent" is RainbowKit's Ready (formerly Argent).
      Other: ['Ledger', 'Trust Wallet', 'Zerion', 'Ready'],
    })
  })

  it('marks the last used wallet Recent and lists it first after a reconnect', async (test) => {
    const { page } = await openTestPage(fixture, test)
    let modal = await openConnectModal(page)
    expect(await modal.getByText('Recent', { exact: true }).count()).toBe(0)
    await closeModal(page)
    await connectTestWallet(page)
    await page.getByTestId('rk-account-button').click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('rk-connect-button').waitFor()
    modal = await openConnectModal(page)
    const first = modal.locator('[data-testid^="rk-wallet-option-"]').first()
    expect(await first.getByText(testWalletName, { exact: true }).count()).toBe(1)
    expect(await first.getByText('Recent', { exact: true }).count()).toBe(1)
    await first.click()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
  })

  it('shows the connection statuses, a rejected request, and connects on retry', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await page.evaluate(() => window.__testWallet?.rejectNext('wallet_requestPermissions'))
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByText(`Opening ${testWalletName}...`, { exact: true }).waitFor()
    await modal.getByText('Confirm connection in the extension', { exact: true }).waitFor()
    const retry = modal.getByRole('button', { name: 'RETRY' })
    await retry.waitFor()
    await page
      .getByTestId('connect-error')
      .getByText('Connection failed: You rejected the request in your wallet.')
      .waitFor()
    await retry.click()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    expect(await page.getByTestId('connect-error').count()).toBe(0)
  })

  it('stays connecting while the wallet’s prompt is open: "Opening …", "Confirm connection in the extension"', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await page.evaluate(() => window.__testWallet?.holdNext('wallet_requestPermissions'))
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByText(`Opening ${testWalletName}...`, { exact: true }).waitFor()
    await modal.getByText('Confirm connection in the extension', { exact: true }).waitFor()
    await expect
      .poll(() => page.evaluate(() => window.__testWallet?.held()))
      .toEqual(['wallet_requestPermissions'])
    // Connecting, for as long as the user has not answered: RainbowKit's spinner, no RETRY, no account.
    await page.waitForTimeout(1_000)
    expect(
      await modal
        .locator('svg > title')
        .filter({ hasText: /^Loading$/ })
        .count(),
    ).toBe(1)
    expect(await modal.getByRole('button', { name: 'RETRY' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Your account' }).count()).toBe(0)
    expect(await page.getByTestId('connect-error').count()).toBe(0)
    // The user approves in the wallet: connected, and on to "Verify your account".
    expect(await page.evaluate(() => window.__testWallet?.releaseHeld())).toBe(1)
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    await modal.getByText('Verify your account', { exact: true }).waitFor()
  })

  it('turns a pending wallet request (-32002) into a resource-unavailable error', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await page.evaluate(() => window.__testWallet?.pendingNext('wallet_requestPermissions'))
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByRole('button', { name: 'RETRY' }).waitFor()
    await page
      .getByTestId('connect-error')
      .getByText(
        'Connection failed: Your wallet already has a request waiting: open your wallet to answer it.',
      )
      .waitFor()
    // wagmi stops at the pending permission request instead of asking again with eth_requestAccounts.
    expect(await page.evaluate(() => window.__testWallet?.requests.includes('eth_requestAccounts'))).toBe(
      false,
    )
  })

  it('scans with a WalletConnect v2 wallet: "Scan with Rainbow" shows the pairing QR code', async (test) => {
    const { page, context } = await openTestPage(fixture, test)
    const relay = await stubWalletConnectRelay(context)
    await page.reload()
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Rainbow' }).click()
    await modal.getByText('Scan with Rainbow', { exact: true }).waitFor({ timeout: 20_000 })
    // The QR code is drawn from a fresh wc: pairing URI (its proposal was published to the relay).
    await modal.locator('svg rect, svg path').first().waitFor()
    expect(relay.methods).toContain('irn_publish')
    await modal.getByText("Don't have Rainbow?", { exact: true }).waitFor()
  })

  it('connects a mobile wallet by its QR code; wagmi keeps the requested chains, so a reload reconnects without asking', {
    timeout: 120_000,
  }, async (test) => {
    const { page, context } = await openTestPage(fixture, test, { wallet: false })
    const account = fixture.signet.accounts[0]
    const { wallet } = await attachWalletConnectWallet(context, test, account)
    await page.reload()
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Rainbow' }).click()
    await modal.getByText('Scan with Rainbow', { exact: true }).waitFor({ timeout: 20_000 })
    // The wallet scans the code on the screen and approves the session.
    await wallet.pair(await readQrCode(page))
    await page.getByRole('heading', { name: 'Your account' }).waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('account-address').textContent()).toBe(account?.address)
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Rainbow')
    await signIn(page)
    expect(wallet.requests).toEqual(['personal_sign'])

    // The session asked for every chain of the app, and wagmi's storage keeps that list.
    const chainIds = fixture.signet.config.chains.map((chain) => chain.id)
    expect(wallet.proposals).toEqual([{ chains: chainIds.map((id) => `eip155:${id}`) }])
    const requestedChains = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('wagmi.walletConnect.requestedChains') ?? 'null'))
    expect(new Set(await requestedChains())).toEqual(new Set(chainIds))

    // A reload reconnects from storage: no new proposal, nothing asked of the wallet.
    await page.reload()
    await page.getByRole('heading', { name: 'Your account' }).waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('account-address').textContent()).toBe(account?.address)
    // The wallet's own name, not that of the WalletConnect connector it reconnected through.
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Rainbow')
    await page.getByTestId('sign-in-status').getByText('Signed in.', { exact: true }).waitFor()
    expect(wallet.proposals).toHaveLength(1)
    expect(wallet.requests).toEqual(['personal_sign'])
    expect(wallet.sessions()).toHaveLength(1)

    // Without the requested-chains key wagmi takes the session's chains as stale: it ends the
    // session instead of reconnecting, and the user must connect again.
    await page.evaluate(() => localStorage.removeItem('wagmi.walletConnect.requestedChains'))
    await page.reload()
    await expect.poll(() => wallet.deletedSessions, { timeout: 20_000 }).toBe(1)
    expect(wallet.sessions()).toEqual([])
    // (wagmi shows the stored connection while it tries to reconnect, then drops it.)
    await page.getByRole('heading', { name: 'Your account' }).waitFor({ state: 'detached' })
    await page.getByTestId('rk-connect-button').waitFor()
  })

  it('offers wallets to get: "Get a Wallet"', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Get a Wallet' }).click()
    await modal
      .getByRole('heading', { name: 'Get a Wallet' })
      .or(modal.getByText('Get a Wallet', { exact: true }))
      .first()
      .waitFor()
    for (const wallet of ['MetaMask', 'Rainbow', 'Coinbase Wallet'])
      await modal.getByText(wallet, { exact: true }).last().waitFor()
    expect(await modal.getByText('Mobile Wallet and Extension', { exact: true }).count()).toBe(3)
    expect(await modal.getByRole('button', { name: 'GET' }).count()).toBe(3)
    await modal.getByText("Not what you're looking for?", { exact: true }).waitFor()
    await modal
      .getByText('Select a wallet on the left to get started with a different wallet provider.', {
        exact: true,
      })
      .waitFor()
  })

  it('installs a mobile wallet: download QR, then the step-by-step instructions', async (test) => {
    const { page } = await openTestPage(fixture, test)
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Get a Wallet' }).click()
    await modal.getByRole('button', { name: 'GET' }).nth(1).click()
    await modal.getByText('Get Rainbow', { exact: true }).waitFor()
    await modal.getByText('Rainbow for Mobile', { exact: true }).waitFor()
    await modal
      .getByText('Use the mobile wallet to explore the world of Ethereum.', { exact: true })
      .waitFor()
    await modal.getByText('Get the app', { exact: true }).click()
    await modal.getByText('Install Rainbow', { exact: true }).waitFor()
    await modal.getByText('Scan with your phone to download on iOS or Android', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Continue' }).click()
    await modal.getByText('Get started with Rainbow', { exact: true }).waitFor()
    for (const step of [
      'Open the Rainbow app',
      'We recommend putting Rainbow on your home screen for faster access to your wallet.',
      'Create or Import a Wallet',
      'You can easily backup your wallet using our backup feature on your phone.',
      'Tap the scan button',
      'After you scan, a connection prompt will appear for you to connect your wallet.',
    ]) {
      await modal.getByText(step, { exact: true }).waitFor()
    }
    await modal.getByRole('button', { name: 'Connect', exact: true }).waitFor()
    expect(await modal.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe(
      'https://learn.rainbow.me/connect-to-a-website-or-app?utm_source=rainbowkit&utm_medium=connector&utm_campaign=learnmore',
    )
  })

  it('installs a browser extension: store link, then the step-by-step instructions', async (test) => {
    const { page, context } = await openTestPage(fixture, test)
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Get a Wallet' }).click()
    await modal.getByRole('button', { name: 'GET' }).first().click()
    await modal.getByText('Get MetaMask', { exact: true }).waitFor()
    await modal.getByText('MetaMask for Chrome', { exact: true }).waitFor()
    await modal
      .getByText('Access your wallet right from your favorite web browser.', { exact: true })
      .waitFor()
    const addToChrome = modal.getByRole('link', { name: 'Add to Chrome' })
    expect(await addToChrome.getAttribute('href')).toBe(
      'https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
    )
    // The store opens in a new tab (which cannot load here); the dialog moves on to the steps.
    const storeTab = context.waitForEvent('page')
    await addToChrome.click()
    await (await storeTab).close()
    await modal.getByText('Get started with MetaMask', { exact: true }).waitFor()
    for (const step of [
      'Install the MetaMask extension',
      'Create or Import a Wallet',
      'Refresh your browser',
    ]) {
      await modal.getByText(step, { exact: true }).waitFor()
    }
    await modal.getByRole('button', { name: 'Refresh' }).waitFor()
  })

  it('installs a desktop wallet: download for this platform, then the step-by-step instructions', async (test) => {
    const { page, context } = await openTestPage(fixture, test)
    await stubWalletConnectRelay(context)
    await withoutDesktopApps(context)
    await page.reload()
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Ledger' }).click()
    await modal.getByText('Scan with Ledger', { exact: true }).waitFor({ timeout: 20_000 })
    await modal.getByRole('button', { name: 'GET' }).click()
    await modal.getByText('Get Ledger', { exact: true }).waitFor()
    await modal.getByText('Ledger for Linux', { exact: true }).waitFor()
    await modal
      .getByText('Access your wallet natively from your powerful desktop.', { exact: true })
      .waitFor()
    const addToLinux = modal.getByRole('link', { name: 'Add to Linux' })
    expect(await addToLinux.getAttribute('href')).toBe('https://www.ledger.com/ledger-live/download')
    const downloadTab = context.waitForEvent('page')
    await addToLinux.click()
    await (await downloadTab).close()
    await modal.getByText('Get started with Ledger', { exact: true }).waitFor()
    for (const step of [
      'Open the Ledger Live app',
      'We recommend putting Ledger Live on your home screen for quicker access.',
      'Set up your Ledger',
      'Set up a new Ledger or connect to an existing one.',
      'A connection prompt will appear for you to connect your wallet.',
    ]) {
      await modal.getByText(step, { exact: true }).waitFor()
    }
    await modal.getByRole('button', { name: 'Connect', exact: true }).waitFor()
  })
})
