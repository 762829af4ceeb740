import type { Page } from 'playwright-core'
import { describe, expect, it, type TestContext } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import {
  closeModal,
  connectTestWallet,
  connectWalletConnectWallet,
  decodeQrCodeIn,
  dialog,
  openConnectModal,
  walletGroups,
} from './harness/rainbowkit.ts'
import { type TestWalletOptions, testWalletName } from './harness/test-wallet.ts'
import { attachWalletConnectWallet } from './harness/walletconnect-wallet.ts'

// The WalletConnect project id and the demo wallet's absence in production.
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

// "Connect a Wallet": the operator's own group names and order (SIGNET_WALLET_GROUPS).
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

// Wallets the operator defines (SIGNET_WALLETS) and places in groups.
const acmeIcon =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2032%2032%22%3E%3Crect%20width%3D%2232%22%20height%3D%2232%22%20fill%3D%22%231f6feb%22%2F%3E%3C%2Fsvg%3E' as const
const acmeMobileIconUrl = 'https://icons.acme.test/mobile.svg'
const acmeMobileIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#e5484d"/></svg>'

const acmeWallet = {
  id: 'acme-wallet',
  name: 'Acme Wallet',
  iconUrl: acmeIcon,
  iconAccent: '#1f6feb',
  iconBackground: '#0b1d3a',
  downloadUrls: {
    chrome: 'https://chromewebstore.google.com/detail/acme-wallet/acmeacmeacmeacmeacmeacmeacmeacme',
    browserExtension: 'https://acme.example/extension',
    linux: 'https://acme.example/download/linux',
    desktop: 'https://acme.example/download',
  },
  instructions: {
    extension: {
      learnMoreUrl: 'https://acme.example/help/extension',
      steps: [
        {
          step: 'install',
          title: 'Add Acme to your browser',
          description: 'Pin Acme to the toolbar to reach it quickly.',
        },
        {
          step: 'create',
          title: 'Make an Acme account',
          description: 'Write the twelve words down and keep them offline.',
        },
        {
          step: 'refresh',
          title: 'Reload this page',
          description: 'Acme Wallet then shows up as installed.',
        },
      ],
    },
    desktop: {
      learnMoreUrl: 'https://acme.example/help/desktop',
      steps: [
        {
          step: 'install',
          title: 'Install Acme for your computer',
          description: 'Run the installer you downloaded.',
        },
        {
          step: 'connect',
          title: 'Open Acme and connect',
          description: 'Approve Signet in the Acme window.',
        },
      ],
    },
  },
  connect: { kind: 'injected', rdns: 'com.acme.wallet', flag: 'isAcmeWallet' },
}

const acmeMobile = {
  id: 'acme-mobile',
  name: 'Acme Mobile',
  iconUrl: acmeMobileIconUrl,
  iconBackground: '#ffffff',
  downloadUrls: {
    qrCode: 'https://acme.example/get-the-app',
    android: 'https://play.google.com/store/apps/details?id=example.acme',
    ios: 'https://apps.apple.com/app/acme/id000000001',
  },
  instructions: {
    qrCode: {
      learnMoreUrl: 'https://acme.example/help/mobile',
      steps: [
        { step: 'install', title: 'Open Acme Mobile', description: 'Keep it on your home screen.' },
        { step: 'create', title: 'Create your Acme wallet', description: 'It takes a minute.' },
        {
          step: 'scan',
          title: 'Tap Scan in Acme',
          description: 'Point the camera at the code on the screen.',
        },
      ],
    },
  },
  connect: { kind: 'walletConnect', mobileLink: 'https://acme.example/wc?uri=' },
}

/** Every instruction text of these steps, in order. */
const stepTexts = (steps: { title: string; description: string }[]) =>
  steps.flatMap((step) => [step.title, step.description])

describe('operator-defined wallets (SIGNET_WALLETS)', () => {
  const fixture = useSignet({
    env: {
      SIGNET_WALLETS: JSON.stringify([acmeWallet, acmeMobile]),
      SIGNET_WALLET_GROUPS: 'Partners: acme-wallet, acme-mobile; Recommended: metaMask, coinbase',
    },
  })

  /** A page whose browser can fetch Acme Mobile's icon (the test browser resolves no outside host). */
  async function openAcmePage(test: TestContext, wallet: Partial<TestWalletOptions> | false) {
    const opened = await openTestPage(fixture, test, { wallet })
    await opened.context.route(acmeMobileIconUrl, (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: acmeMobileIcon }),
    )
    await opened.page.reload({ waitUntil: 'domcontentloaded' })
    return opened
  }

  it('lists them in their configured group, with their names and icons', async (test) => {
    const { page } = await openAcmePage(test, false)
    expect(fixture.signet.config.wallets?.map((wallet) => wallet.id)).toEqual(['acme-wallet', 'acme-mobile'])
    const modal = await openConnectModal(page)
    expect(await walletGroups(modal)).toEqual({
      Partners: ['Acme Wallet', 'Acme Mobile'],
      Recommended: ['MetaMask', 'Coinbase Wallet'],
    })
    const acmeImage = modal.getByTestId('rk-wallet-option-acme-wallet').locator('img')
    expect(await acmeImage.getAttribute('src')).toBe(acmeIcon)
    const acmeTile = modal.getByTestId('rk-wallet-option-acme-wallet').getByRole('img')
    expect(await acmeTile.evaluate((tile) => getComputedStyle(tile).backgroundColor)).toBe('rgb(11, 29, 58)')
    // The https icon is fetched and drawn.
    const mobileImage = modal.getByTestId('rk-wallet-option-acme-mobile').locator('img')
    expect(await mobileImage.getAttribute('src')).toBe(acmeMobileIconUrl)
    await expect
      .poll(() => mobileImage.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
  })

  it('without its extension: "not installed", and the install views show the configured links and steps', async (test) => {
    // The test wallet (another extension) keeps its prompt open, so the dialog has a connect view to go back to.
    const { page, context } = await openAcmePage(test, {})
    await page.evaluate(() => window.__testWallet?.holdNext('wallet_requestPermissions'))
    const modal = await openConnectModal(page)
    expect(await walletGroups(modal)).toEqual({
      Installed: [testWalletName],
      Partners: ['Acme Wallet', 'Acme Mobile'],
      Recommended: ['MetaMask', 'Coinbase Wallet'],
    })
    await modal.getByRole('button', { name: testWalletName }).click()
    await modal.getByText(`Opening ${testWalletName}...`, { exact: true }).waitFor()

    await modal.getByRole('button', { name: 'Acme Wallet' }).click()
    await modal.getByText('Get Acme Wallet', { exact: true }).waitFor()
    await modal.getByText('Acme Wallet for Chrome', { exact: true }).waitFor()
    await modal.getByText('Acme Wallet for Linux', { exact: true }).waitFor()
    expect(await modal.getByRole('link', { name: 'Add to Chrome' }).getAttribute('href')).toBe(
      acmeWallet.downloadUrls.chrome,
    )
    expect(await modal.getByRole('link', { name: 'Add to Linux' }).getAttribute('href')).toBe(
      acmeWallet.downloadUrls.linux,
    )

    // The desktop app's steps (the download opens in a new tab, which cannot load here).
    let storeTab = context.waitForEvent('page')
    await modal.getByRole('link', { name: 'Add to Linux' }).click()
    await (await storeTab).close()
    await modal.getByText('Get started with Acme Wallet', { exact: true }).waitFor()
    for (const text of stepTexts(acmeWallet.instructions.desktop.steps))
      await modal.getByText(text, { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Connect', exact: true }).waitFor()
    expect(await modal.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe(
      acmeWallet.instructions.desktop.learnMoreUrl,
    )

    // The extension's steps.
    await modal.getByRole('button', { name: 'Back' }).click()
    storeTab = context.waitForEvent('page')
    await modal.getByRole('link', { name: 'Add to Chrome' }).click()
    await (await storeTab).close()
    await modal.getByText('Get started with Acme Wallet', { exact: true }).waitFor()
    for (const text of stepTexts(acmeWallet.instructions.extension.steps))
      await modal.getByText(text, { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Refresh' }).waitFor()
    expect(await modal.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe(
      acmeWallet.instructions.extension.learnMoreUrl,
    )
    expect(
      await modal.getByText(acmeWallet.instructions.desktop.steps[0]?.title ?? '', { exact: true }).count(),
    ).toBe(0)

    // Back to the connect view, now for Acme Wallet: RainbowKit's "not installed" status.
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByText('Get Acme Wallet', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByText('Acme Wallet is not installed', { exact: true }).waitFor()
    expect(await modal.getByRole('link', { name: 'INSTALL' }).getAttribute('href')).toBe(
      acmeWallet.downloadUrls.chrome,
    )
    // Nothing was asked of a wallet that is not there; the test wallet's prompt is still open.
    expect(await page.evaluate(() => window.__testWallet?.held())).toEqual(['wallet_requestPermissions'])
  })

  it('offers the mobile wallet to get: its download QR code, then its steps', async (test) => {
    const { page } = await openAcmePage(test, false)
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Get a Wallet' }).click()
    const row = modal.locator('div', { has: page.getByText('Acme Mobile', { exact: true }) }).filter({
      has: page.getByRole('button', { name: 'GET' }),
    })
    await row.last().getByText('Mobile Wallet', { exact: true }).waitFor()
    await row.last().getByRole('button', { name: 'GET' }).click()
    await modal.getByText('Install Acme Mobile', { exact: true }).waitFor()
    await modal.getByText('Scan with your phone to download on iOS or Android', { exact: true }).waitFor()
    expect(await readDownloadQrCode(page)).toBe(acmeMobile.downloadUrls.qrCode)
    await modal.getByRole('button', { name: 'Continue' }).click()
    await modal.getByText('Get started with Acme Mobile', { exact: true }).waitFor()
    for (const text of stepTexts(acmeMobile.instructions.qrCode.steps))
      await modal.getByText(text, { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Connect', exact: true }).waitFor()
    expect(await modal.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe(
      acmeMobile.instructions.qrCode.learnMoreUrl,
    )
  })

  it('with a provider announcing its rdns (EIP-6963): installed, connects, and signs in', async (test) => {
    const { page } = await openAcmePage(test, {
      name: 'Acme Wallet',
      rdns: 'com.acme.wallet',
      icon: acmeIcon,
    })
    const modal = await openConnectModal(page)
    // RainbowKit lists the discovered wallet as installed in place of the configured one.
    expect(await walletGroups(modal)).toEqual({
      Installed: ['Acme Wallet'],
      Partners: ['Acme Mobile'],
      Recommended: ['MetaMask', 'Coinbase Wallet'],
    })
    await closeModal(page)
    await connectTestWallet(page, { wallet: 'Acme Wallet' })
    expect(await page.getByTestId('account-address').textContent()).toBe(fixture.signet.accounts[0]?.address)
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Acme Wallet')
  })

  it('with its flag on window.ethereum (no EIP-6963): installed in its group, connects through its own connector, signs in', async (test) => {
    const { page } = await openAcmePage(test, { announce: false, ethereumFlag: 'isAcmeWallet' })
    const modal = await openConnectModal(page)
    expect(await walletGroups(modal)).toEqual({
      Partners: ['Acme Wallet', 'Acme Mobile'],
      Recommended: ['MetaMask', 'Coinbase Wallet'],
    })
    await closeModal(page)
    await connectTestWallet(page, { wallet: 'Acme Wallet' })
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Acme Wallet')
    expect(await page.evaluate(() => localStorage.getItem('wagmi.recentConnectorId'))).toBe('"acme-wallet"')
    // wagmi's injected connector asked the flagged provider for permission, as for any extension.
    expect(await page.evaluate(() => window.__testWallet?.requests)).toContain('wallet_requestPermissions')
    // A reload reconnects through the same connector, without asking again.
    await page.reload()
    await page.getByTestId('sign-in-status').getByText('Signed in.', { exact: true }).waitFor()
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Acme Wallet')
  })

  it('connects the WalletConnect wallet by its QR code and signs in', { timeout: 120_000 }, async (test) => {
    const { page, context } = await openAcmePage(test, false)
    const { wallet: phone } = await attachWalletConnectWallet(context, test, fixture.signet.accounts[0])
    await page.reload()
    await connectWalletConnectWallet(page, phone, { wallet: 'Acme Mobile' })
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Acme Mobile')
    expect(phone.requests).toEqual(['personal_sign'])
  })
})

/** The "Install" view's QR code (a download link, drawn without a logo), read as a phone would. */
function readDownloadQrCode(page: Page): Promise<string> {
  return decodeQrCodeIn(dialog(page).locator('div:has(> div > svg)').first())
}
