import type { Locator, Page } from 'playwright-core'
import decodeQR from 'qr-for-cuer/decode.js'
import { testWalletName } from './test-wallet.ts'
import type { WalletConnectWallet } from './walletconnect-wallet.ts'

/** RainbowKit's dialog (connect, account or chain modal). */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog')
}

/**
 * The page's "Connect Wallet" button: the early one of the first paint (it loads RainbowKit and
 * opens the dialog once loaded) or RainbowKit's own, whichever the page shows.
 */
export function connectWalletButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Connect Wallet', exact: true })
}

/** Loads the wallet code by pointing at the early button, as a user would, until RainbowKit's shows. */
export async function showRainbowKitButton(page: Page): Promise<Locator> {
  const early = page.getByTestId('connect-wallet-button')
  const rainbowKit = page.getByTestId('rk-connect-button')
  await early.or(rainbowKit).first().waitFor()
  if (await early.isVisible()) await early.hover()
  await rainbowKit.waitFor()
  return rainbowKit
}

export async function openConnectModal(page: Page): Promise<Locator> {
  await connectWalletButton(page).click()
  const modal = dialog(page)
  await modal.getByText('Connect a Wallet', { exact: true }).waitFor()
  return modal
}

export async function closeModal(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Close' }).click()
  await dialog(page).waitFor({ state: 'detached' })
}

/**
 * Connects the injected test wallet through the connect dialog and, unless told otherwise, signs
 * in ("Verify your account" → "Sign message") and waits until the account area says so.
 */
export async function connectTestWallet(
  page: Page,
  options: { signIn?: boolean; wallet?: string } = {},
): Promise<void> {
  const modal = await openConnectModal(page)
  await modal.getByRole('button', { name: options.wallet ?? testWalletName }).click()
  await page.getByRole('heading', { name: 'Your account' }).waitFor()
  await modal.getByText('Verify your account', { exact: true }).waitFor()
  if (options.signIn === false) return
  await signIn(page)
}

/**
 * Connects a WalletConnect wallet (./walletconnect-wallet.ts) as a phone would: picks `wallet` in
 * the connect dialog, scans its QR code and approves; then signs in unless told otherwise. The
 * page's context needs the relay stub (./walletconnect-relay.ts) before the app loads.
 */
export async function connectWalletConnectWallet(
  page: Page,
  phone: WalletConnectWallet,
  options: { signIn?: boolean; wallet?: string } = {},
): Promise<void> {
  const wallet = options.wallet ?? 'Rainbow'
  const modal = await openConnectModal(page)
  await modal.getByRole('button', { name: wallet }).click()
  await modal.getByText(`Scan with ${wallet}`, { exact: true }).waitFor({ timeout: 20_000 })
  await phone.pair(await readQrCode(page))
  await page.getByRole('heading', { name: 'Your account' }).waitFor({ timeout: 20_000 })
  await modal.getByText('Verify your account', { exact: true }).waitFor()
  if (options.signIn === false) return
  await signIn(page)
}

/** Signs the sign-in message from RainbowKit's "Verify your account" view. */
export async function signIn(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Sign message' }).click()
  await page.getByTestId('sign-in-status').getByText('Signed in.', { exact: true }).waitFor()
  await dialog(page).waitFor({ state: 'detached' })
}

/** The wallet names in the connect dialog's list, by group label, in the order shown. */
export async function walletGroups(modal: Locator): Promise<Record<string, string[]>> {
  return modal.evaluate((root) => {
    const groups: Record<string, string[]> = {}
    let current = ''
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const option = element.closest<HTMLElement>('[data-testid^="rk-wallet-option-"]')
      if (option === element) {
        groups[current]?.push((element.textContent ?? '').replace(/Recent$/, '').trim())
      } else if (!option && element.children.length === 0 && !element.closest('button')) {
        // A group label: a leaf text block right above a wallet option.
        const text = element.textContent?.trim() ?? ''
        const next = element.parentElement?.nextElementSibling
        if (text && next?.querySelector('[data-testid^="rk-wallet-option-"]')) {
          groups[text] ??= []
          current = text
        }
      }
    }
    return groups
  })
}

/**
 * Reads the QR code the dialog shows (a WalletConnect pairing URI), as a phone's camera would:
 * from a screenshot of the code, decoded pixel by pixel.
 */
export async function readQrCode(page: Page): Promise<string> {
  return decodeQrCodeIn(qrCodeBox(page))
}

/** Decodes the QR code drawn in `box` from a screenshot, pixel by pixel (what a phone's camera reads). */
export async function decodeQrCodeIn(box: Locator): Promise<string> {
  const png = (await box.screenshot()).toString('base64')
  const image = await box.page().evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas')
    context.drawImage(bitmap, 0, 0)
    const { width, height, data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    return { width, height, data: Array.from(data) }
  }, png)
  return decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) })
}

/** The QR code with its margin: RainbowKit's padded box around the code's svg (which holds the logo). */
function qrCodeBox(page: Page): Locator {
  return dialog(page).locator('div:has(> div > svg img[alt="Wallet Logo"])')
}
