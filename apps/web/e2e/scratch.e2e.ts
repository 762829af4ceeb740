import { describe, it } from 'vitest'
import { useSignet } from './harness/fixture.ts'
import { openPage } from './harness/browser.ts'
import { installTestWallet } from './harness/test-wallet.ts'

describe('scratch', () => {
  const fixture = useSignet()
  it('timing', async () => {
    for (const mode of ['fresh', 'fresh', 'fresh', 'fresh']) {
      const t = Date.now()
      const { page, context } = mode === 'fresh' || !shared ? await openPage(fixture.browser) : { context: shared, page: await shared.newPage() }
      if (!shared) { shared = context; await installTestWallet(context, { accounts: fixture.signet.accounts.slice(0, 1), chains: [{ id: 1, rpcUrls: [fixture.signet.chains[0]!.rpcUrl] }] }) }
      await page.goto(fixture.signet.url)
      await page.getByTestId('rk-connect-button').waitFor()
      console.log(mode, Date.now() - t)
      if (mode === 'fresh' && context !== shared) await context.close()
      else await page.close()
    }
  })
})
let shared: import('playwright-core').BrowserContext | undefined
