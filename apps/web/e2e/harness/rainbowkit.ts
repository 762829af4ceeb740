import type { Locator, Page } from 'playwright-core'
import { testWalletName } from './test-wallet.ts'

/** RainbowKit's dialog (connect, account or chain modal). */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog')
}

export async function openConnectModal(page: Page): Promise<Locator> {
  await page.getByTestId('rk-connect-button').click()
  const modal = dialog(page)
  await modal.getByText('Connect a Wallet', { exact: true }).waitFor()
  return modal
}

/** Connects the injected test wallet through the connect dialog and waits for the account area. */
export async function connectTestWallet(page: Page): Promise<void> {
  const modal = await openConnectModal(page)
  await modal.getByRole('button', { name: testWalletName }).click()
  await page.getByRole('heading', { name: 'Your account' }).waitFor()
}
