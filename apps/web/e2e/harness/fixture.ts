import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, type TestContext } from 'vitest'
import { keepScreenshot, launchBrowser, openPage, type PageOptions } from './browser.ts'
import { startTestSignet, type TestSignet, type TestSignetOptions } from './signet-server.ts'
import { installTestWallet, type TestWalletOptions } from './test-wallet.ts'

export type Fixture = { signet: TestSignet; browser: Browser }

/** One server and one browser for the whole test file. */
export function useSignet(options: TestSignetOptions = {}): Fixture {
  const fixture = {} as Fixture
  beforeAll(async () => {
    const [signet, browser] = await Promise.all([startTestSignet(options), launchBrowser()])
    fixture.signet = signet
    fixture.browser = browser
  })
  afterAll(async () => {
    await fixture.browser?.close()
    await fixture.signet?.stop()
  })
  return fixture
}

export type TestPage = { page: Page; context: BrowserContext; console: string[] }

/**
 * A fresh page for one test, with the test wallet installed (unless `wallet: false`) on the
 * app's first chain. The context closes when the test ends; a failing test first leaves a
 * screenshot in apps/web/.artifacts/e2e/.
 */
export async function openTestPage(
  fixture: Fixture,
  test: TestContext,
  options: PageOptions & { wallet?: Partial<TestWalletOptions> | false; path?: string } = {},
): Promise<TestPage> {
  const opened = await openPage(fixture.browser, options)
  test.onTestFinished(async () => {
    if (test.task.result?.state === 'fail') {
      const path = await keepScreenshot(opened.page, test.task.name)
      console.error(`screenshot: ${path}\nbrowser console:\n${opened.console.slice(-30).join('\n')}`)
    }
    await opened.context.close()
  })
  if (options.wallet !== false) {
    await installTestWallet(opened.context, {
      accounts: fixture.signet.accounts.slice(0, 3),
      chains: fixture.signet.chains.map((chain) => ({
        id: chain.id,
        name: chain.name,
        rpcUrls: [chain.rpcUrl],
      })),
      ...(options.wallet ?? {}),
    })
  }
  await opened.page.goto(fixture.signet.url + (options.path ?? '/'), { waitUntil: 'domcontentloaded' })
  return opened
}
