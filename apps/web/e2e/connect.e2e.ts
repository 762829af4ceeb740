import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet } from './harness/rainbowkit.ts'

describe('connecting a wallet', () => {
  const fixture = useSignet()

  it('connects the injected test wallet and shows the account', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await expect(page.getByRole('heading', { level: 1 })).toBeDefined()
    await connectTestWallet(page)
    const address = await page.getByTestId('account-address').textContent()
    expect(address).toBe(fixture.signet.accounts[0]?.address)
  })
})
