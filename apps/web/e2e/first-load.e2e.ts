import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  firstLoadBudgetBytes,
  firstLoadScripts,
  gzipSize,
  measureFirstLoad,
  type ViteManifest,
} from '../bench/first-load-size.ts'
import { openPage } from './harness/browser.ts'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, connectWalletButton, dialog, showRainbowKitButton } from './harness/rainbowkit.ts'
import { stubWalletConnectRelay } from './harness/walletconnect-relay.ts'

// First load: at most 150 KiB gzip of JavaScript before any user action; RainbowKit,
// wagmi and viem load on intent, each wallet SDK when its wallet is picked; nothing lost on the way.

const dist = fileURLToPath(new URL('../dist/', import.meta.url))

async function manifest(): Promise<ViteManifest> {
  return JSON.parse(await readFile(`${dist}.vite/manifest.json`, 'utf8')) as ViteManifest
}

/** The build's chunk for a dynamically imported package (its entry: what importing it fetches first). */
function packageChunk(built: ViteManifest, packageName: string): string {
  const found = Object.entries(built).find(([key]) => key.includes(`/node_modules/${packageName}/`))
  if (!found) throw new Error(`the build has no chunk of ${packageName}`)
  return found[1].file
}

type Fetched = { file: string; body: Promise<Buffer> }

/** Every JavaScript file the page fetches, from now on, by its path in dist (`assets/…`). */
function recordScripts(page: Page): Fetched[] {
  const fetched: Fetched[] = []
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (!path.endsWith('.js')) return
    const body = response.body()
    // Tests that only list files never read the body; once the page closes it rejects, unobserved.
    body.catch(() => {})
    fetched.push({ file: path.slice(1), body })
  })
  return fetched
}

/**
 * Until no request has been in flight for `quietMs` (what loads on idle counts too). Throws, naming
 * the requests still open, if that never happens.
 */
async function settle(page: Page, quietMs = 1_500, limitMs = 20_000): Promise<void> {
  const open = new Set<string>()
  let last = Date.now()
  const started = (request: { url(): string }) => {
    open.add(request.url())
    last = Date.now()
  }
  const ended = (request: { url(): string }) => {
    open.delete(request.url())
    last = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const deadline = Date.now() + limitMs
    while (open.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page never settled: ${[...open].join(', ')}`)
      await page.waitForTimeout(100)
    }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

describe('first load (production mode)', () => {
  const fixture = useSignet({ env: { SIGNET_MODE: 'production' } })

  it('fetches at most 150 KiB gzip of JavaScript before any user action: the entry’s static graph', async (test) => {
    const built = await manifest()
    const { page, context } = await openPage(fixture.browser)
    test.onTestFinished(() => context.close())
    const scripts = recordScripts(page)
    await page.goto(fixture.signet.url)
    await connectWalletButton(page).waitFor()
    await settle(page)
    const files = scripts.map((script) => script.file)
    expect(files.sort()).toEqual(firstLoadScripts(built).sort())
    let gzipBytes = 0
    for (const script of scripts) gzipBytes += gzipSize(await script.body)
    expect(gzipBytes).toBe((await measureFirstLoad(dist)).gzipBytes)
    expect(gzipBytes).toBeLessThanOrEqual(firstLoadBudgetBytes)
    // RainbowKit is not here yet: the button of the first paint is.
    expect(await page.getByTestId('rk-connect-button').count()).toBe(0)
    expect(
      await page.getByRole('heading', { name: 'Prove it’s you with your Ethereum account' }).count(),
    ).toBe(1)
  })

  it('loads the dialog on intent, and a wallet’s SDK only when that wallet is picked', async (test) => {
    const built = await manifest()
    const sdks = {
      walletConnect: packageChunk(built, '@walletconnect/ethereum-provider'),
      coinbase: packageChunk(built, '@coinbase/wallet-sdk'),
      metaMask: packageChunk(built, '@metamask/sdk'),
      safeApps: packageChunk(built, '@safe-global/safe-apps-sdk'),
    }
    const { page, context } = await openTestPage(fixture, test, { wallet: false })
    await stubWalletConnectRelay(context)
    const scripts = recordScripts(page)
    await showRainbowKitButton(page)
    await connectWalletButton(page).click()
    const modal = dialog(page)
    await modal.getByText('Connect a Wallet', { exact: true }).waitFor()
    await settle(page)
    const fetched = () => new Set(scripts.map((script) => script.file))
    for (const sdk of Object.values(sdks)) expect(fetched()).not.toContain(sdk)

    await modal.getByRole('button', { name: 'Rainbow' }).click()
    await modal.getByText('Scan with Rainbow', { exact: true }).waitFor({ timeout: 20_000 })
    expect(fetched()).toContain(sdks.walletConnect)
    for (const sdk of [sdks.coinbase, sdks.metaMask, sdks.safeApps]) expect(fetched()).not.toContain(sdk)
  })

  it('opens the dialog for a click that came before its code, busy meanwhile, once', async (test) => {
    const { page, context } = await openTestPage(fixture, test, { wallet: false })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // Hold back the wallet part's chunk until the button has been seen busy.
    await context.route(/\/assets\/App-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const early = page.getByTestId('connect-wallet-button')
    await early.click()
    expect(await early.getAttribute('aria-busy')).toBe('true')
    release()
    const modal = dialog(page)
    await modal.getByText('Connect a Wallet', { exact: true }).waitFor()
    expect(await dialog(page).count()).toBe(1)
    expect(await early.count()).toBe(0)
    await page.getByTestId('rk-connect-button').waitFor({ state: 'attached' })
  })

  it('keyboard: focus loads the code and stays on the connect button, which Enter then opens', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: false })
    await connectWalletButton(page).waitFor()
    await page.keyboard.press('Tab') // the skip link
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Connect Wallet')
    const rainbowKit = page.getByTestId('rk-connect-button')
    await rainbowKit.waitFor()
    await expect.poll(() => rainbowKit.evaluate((button) => button === document.activeElement)).toBe(true)
    // RainbowKit keeps its button hidden from assistive technology (and inert) until it knows whether a
    // session exists; Enter works once it is shown. On a busy machine that check can outlast the focus.
    await expect
      .poll(() => rainbowKit.evaluate((button) => button.closest('[aria-hidden="true"]') === null))
      .toBe(true)
    await page.keyboard.press('Enter')
    await dialog(page).getByText('Connect a Wallet', { exact: true }).waitFor()
  })

  it('draws the early button as RainbowKit draws its own: accent, text colour, radius', async (test) => {
    const { page } = await openTestPage(fixture, test, {
      wallet: false,
      path: '/?accent=green&radius=small&mode=dark',
    })
    const look = (selector: string) =>
      page.locator(selector).evaluate((button) => {
        const style = getComputedStyle(button)
        return { background: style.backgroundColor, color: style.color, radius: style.borderRadius }
      })
    const early = await look('[data-testid="connect-wallet-button"]')
    expect(early).toEqual({ background: 'rgb(75, 209, 102)', color: 'rgb(26, 27, 31)', radius: '4px' })
    await showRainbowKitButton(page)
    expect(await look('[data-testid="rk-connect-button"]')).toEqual(early)
  })
})

describe('first load (demo mode, `npm start` without configuration)', () => {
  const fixture = useSignet({ localChain: true })

  it('keeps the demo wallet’s code for the first sign of intent too, its panel drawn at once', async (test) => {
    const built = await manifest()
    const { page, context } = await openPage(fixture.browser)
    test.onTestFinished(() => context.close())
    const scripts = recordScripts(page)
    await page.goto(fixture.signet.url)
    await page.getByRole('complementary', { name: 'Signet Demo Wallet' }).waitFor()
    await connectWalletButton(page).waitFor()
    await settle(page)
    expect(scripts.map((script) => script.file).sort()).toEqual(firstLoadScripts(built).sort())
  })

  it('reconnects the demo wallet after a reload, with no action: the wallet part loads at once', async (test) => {
    const { page } = await openTestPage(fixture, test, { wallet: false })
    await connectTestWallet(page, { wallet: 'Signet Demo Wallet', signIn: false })
    await page.reload()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    expect(await page.getByTestId('account-wallet').textContent()).toBe('Signet Demo Wallet')
  })
})
