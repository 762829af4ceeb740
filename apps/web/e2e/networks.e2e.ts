import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, connectWalletConnectWallet, dialog } from './harness/rainbowkit.ts'
import { attachWalletConnectWallet } from './harness/walletconnect-wallet.ts'

const appName = 'Acme Sign-In'
/** A chain the wallet is on but the app does not offer. */
const elsewhere = { id: 4242, name: 'Elsewhere', rpcUrls: [] }

// "Switch networks" and "Wrong network" (docs/PRODUCT.md, "Networks"), with a configured app name.
describe('networks', () => {
  const fixture = useSignet({ env: { SIGNET_APP_NAME: appName } })
  const walletChains = () => [
    ...fixture.signet.chains.map((chain) => ({ id: chain.id, name: chain.name, rpcUrls: [chain.rpcUrl] })),
    elsewhere,
  ]
  const walletChainId = (page: import('playwright-core').Page) =>
    page.evaluate(() => window.__testWallet?.provider.getState().chainId)

  it('Switch Networks lists the configured chains and switches the wallet', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: { chains: walletChains() } })
    await connectTestWallet(page)
    await page.getByRole('button', { name: 'Chain Selector' }).click()
    const modal = dialog(page)
    await modal.getByText('Switch Networks', { exact: true }).waitFor()
    const names = await modal
      .locator('[data-testid^="rk-chain-option-"]:not([data-testid$="-icon"])')
      .allInnerTexts()
    expect(names.map((name) => name.replace(/\s+/g, ' ').trim())).toEqual([
      'Ethereum Connected',
      'Gnosis',
      'Sepolia',
    ])
    await modal.getByTestId('rk-chain-option-100').click()
    await page.getByTestId('account-chain').getByText('Gnosis (chain 100)', { exact: true }).waitFor()
    expect(await walletChainId(page)).toBe(100)
  })

  it('shows "Wrong network" on a chain the app does not support, then switches back', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: { chains: walletChains() } })
    await connectTestWallet(page)
    await page.evaluate((id) => window.__testWallet?.switchChainInWallet(id), elsewhere.id)
    await page.getByTestId('rk-wrong-network-button').getByText('Wrong network', { exact: true }).click()
    const modal = dialog(page)
    await modal
      .getByText('Wrong network detected, switch or disconnect to continue.', { exact: true })
      .waitFor()
    await modal.getByTestId('rk-chain-option-disconnect').waitFor()
    expect(await page.getByTestId('account-chain').textContent()).toBe(
      `Unsupported network (chain ${elsewhere.id})`,
    )
    await modal.getByTestId('rk-chain-option-1').click()
    await page.getByTestId('account-chain').getByText('Ethereum (chain 1)', { exact: true }).waitFor()
    expect(await walletChainId(page)).toBe(1)
  })

  it('on a wrong network the user may disconnect instead', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: { chains: walletChains() } })
    await connectTestWallet(page)
    await page.evaluate((id) => window.__testWallet?.switchChainInWallet(id), elsewhere.id)
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Wrong network detected, switch or disconnect to continue.' })
    await alert.getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('rk-connect-button').waitFor()
  })

  it('adds the chain first when the wallet answers 4902 (wallet_addEthereumChain)', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: { chains: walletChains() } })
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.forgetChain(100))
    await page.getByRole('button', { name: 'Chain Selector' }).click()
    await dialog(page).getByTestId('rk-chain-option-100').click()
    await page.getByTestId('account-chain').getByText('Gnosis (chain 100)', { exact: true }).waitFor()
    const requests = (await page.evaluate(() => window.__testWallet?.requests)) ?? []
    const switchAt = requests.indexOf('wallet_switchEthereumChain')
    expect(switchAt).toBeGreaterThanOrEqual(0)
    expect(requests.indexOf('wallet_addEthereumChain')).toBeGreaterThan(switchAt)
    expect(await walletChainId(page)).toBe(100)
  })

  it('tells the user when the wallet cannot switch networks, with the configured app name', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: { chains: walletChains() } })
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.refuseSwitching(true))
    await page.getByRole('button', { name: 'Chain Selector' }).click()
    await dialog(page).getByTestId('rk-chain-option-100').click()
    await page
      .getByTestId('switch-error')
      .getByText(
        'Your wallet does not support switching networks from Acme Sign-In. Try switching networks from within your wallet instead.',
        { exact: true },
      )
      .waitFor()
    expect(await page.getByTestId('account-chain').textContent()).toBe('Ethereum (chain 1)')
  })

  it('a switch rejected in the wallet keeps the network and says why', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: { chains: walletChains() } })
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.rejectNext('wallet_switchEthereumChain'))
    await page.getByRole('button', { name: 'Chain Selector' }).click()
    await dialog(page).getByTestId('rk-chain-option-100').click()
    await page
      .getByTestId('switch-error')
      .getByText('Network not switched: You rejected the request in your wallet.', { exact: true })
      .waitFor()
    expect(await walletChainId(page)).toBe(1)
  })

  it('switches a WalletConnect wallet within its session, and stays on the new chain after a reload', {
    timeout: 120_000,
  }, async (test) => {
    const { page, context } = await openTestPage(fixture, test, { wallet: false })
    const { wallet } = await attachWalletConnectWallet(context, test, fixture.signet.accounts[0])
    await page.reload()
    await connectWalletConnectWallet(page, wallet)
    await page.getByTestId('account-chain').getByText('Ethereum (chain 1)', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Chain Selector' }).click()
    await dialog(page).getByTestId('rk-chain-option-100').click()
    await page
      .getByTestId('account-chain')
      .getByText('Gnosis (chain 100)', { exact: true })
      .waitFor({ timeout: 20_000 })
    // The session approved every chain of the app, so the switch asks the wallet nothing.
    expect(wallet.requests).toEqual(['personal_sign'])
    // The chains the session was asked for still cover every chain of the app.
    const requested: number[] = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('wagmi.walletConnect.requestedChains') ?? '[]'),
    )
    expect(new Set(requested)).toEqual(new Set(fixture.signet.config.chains.map((chain) => chain.id)))
    await page.reload()
    await page
      .getByTestId('account-chain')
      .getByText('Gnosis (chain 100)', { exact: true })
      .waitFor({ timeout: 20_000 })
    expect(wallet.proposals).toHaveLength(1)
    expect(wallet.requests).toEqual(['personal_sign'])
  })
})
