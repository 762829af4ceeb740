import { createHash, randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { catalogue, englishPhrasesAbsentFrom, plainText } from './harness/catalogue-text.ts'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'
import { ownedSafe, useOwnerSignInEnvironment } from './safe-owner-sign-in-environment.ts'

// Signet speaks its users' language. A browser set to French, Arabic or Japanese walks the
// main views — landing, connect, verify, signed in, OpenID Connect consent, the Safe page, the Safe
// sign-in progress and the co-owner page — and finds the page in that language and direction, with
// RainbowKit's dialog in the same language, and no English sentence of Signet's catalogue on screen.

/** RainbowKit's own words for the dialog (its catalogues), to check that both halves agree. */
const rainbowKitWords = {
  'fr-FR': { connectTitle: 'Connecter un portefeuille', verifyTitle: 'Vérifiez votre compte' },
  'ar-EG': { connectTitle: 'اتصال بالمحفظة', verifyTitle: 'تحقق من حسابك' },
  'ja-JP': { connectTitle: 'ウォレットを接続する', verifyTitle: 'アカウントを確認する' },
} as const

const languages = [
  { browser: 'fr-FR', locale: 'fr', dir: 'ltr' },
  { browser: 'ar-EG', locale: 'ar', dir: 'rtl' },
  { browser: 'ja-JP', locale: 'ja', dir: 'ltr' },
] as const

const applicationCallback = 'http://127.0.0.1:9/callback'

/**
 * The catalogue's English phrases that are on the page, outside what stays English on purpose:
 * the signed Sign-In with Ethereum message and code (addresses, hashes, URIs).
 */
async function englishOnScreen(page: Page, phrases: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement
    for (const skipped of clone.querySelectorAll('script, style, pre, code, textarea')) skipped.remove()
    return (clone.textContent ?? '').replace(/\s+/g, ' ')
  })
  return phrases.filter((phrase) => text.includes(phrase.replace(/\s+/g, ' ')))
}

async function expectLanguage(page: Page, locale: string, dir: string, phrases: string[], view: string) {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    locale,
    dir,
  ])
  expect({ view, english: await englishOnScreen(page, phrases) }).toEqual({ view, english: [] })
}

describe('Signet in the visitor’s language', () => {
  const environment = useOwnerSignInEnvironment({
    SIGNET_OIDC_CLIENTS: JSON.stringify([
      {
        client_id: 'wiki',
        client_name: 'Team Wiki',
        redirect_uris: [applicationCallback],
        token_endpoint_auth_method: 'none',
      },
    ]),
  })
  const key = (index: number) =>
    environment.fixture.signet.accounts[index] as { address: string; privateKey: string }

  it.for(languages)(
    '$browser: every main view in $locale, $dir',
    { timeout: 180_000 },
    async (language, test) => {
      const { browser, locale, dir } = language
      const phrases = englishPhrasesAbsentFrom(locale)
      const words = rainbowKitWords[browser]
      const { page } = await openTestPage(environment.fixture, test, {
        locale: browser,
        wallet: { accounts: [key(0)] },
      })

      // Landing: Signet's early "Connect Wallet" button says what RainbowKit's will; the tab's title too.
      await page.locator('#landing-title').waitFor()
      await expectLanguage(page, locale, dir, phrases, 'landing')
      expect(await page.getByTestId('connect-wallet-button').textContent()).toBe(
        plainText(locale, 'app.connectWallet'),
      )
      expect(await page.title()).toBe(
        catalogue(locale).get('app.documentTitle')?.replace('{appName}', 'Signet'),
      )

      // Connect: RainbowKit's dialog in the same language.
      await page.getByTestId('connect-wallet-button').click()
      const modal = dialog(page)
      await modal.getByText(words.connectTitle, { exact: true }).waitFor()
      await expectLanguage(page, locale, dir, phrases, 'connect')

      // Verify: RainbowKit's "Verify your account" and Signet's own help beside it.
      await modal.getByRole('button', { name: testWalletName }).click()
      await modal.getByText(words.verifyTitle, { exact: true }).waitFor()
      await expectLanguage(page, locale, dir, phrases, 'verify')

      // Signed in.
      await page.getByTestId('rk-auth-message-button').click()
      await page
        .getByTestId('sign-in-status')
        .getByText(plainText(locale, 'auth.status.signedIn'), { exact: true })
        .waitFor()
      await modal.waitFor({ state: 'detached' })
      await expectLanguage(page, locale, dir, phrases, 'signed in')

      // An application asks for the account: "Continue as", then consent.
      const verifier = randomBytes(32).toString('base64url')
      const authorization = new URLSearchParams({
        client_id: 'wiki',
        response_type: 'code',
        scope: 'openid profile eth',
        redirect_uri: applicationCallback,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        state: 'languages',
      })
      await page.goto(`${environment.fixture.signet.url}/oidc/auth?${authorization}`)
      await page.getByTestId('oidc-request').locator('.oidc-request__actions button').first().click()
      await page.getByTestId('oidc-account').waitFor({ timeout: 20_000 })
      await expectLanguage(page, locale, dir, phrases, 'OpenID Connect consent')

      // The Safe page, with the gateway's data loaded.
      const safe = environment.chain.demoSafe.address
      await page.goto(`${environment.fixture.signet.url}/#/safe/31337/${safe}`)
      await page.getByTestId('safe-address').getByText(safe, { exact: true }).waitFor()
      await page.getByTestId('safe-threshold').waitFor()
      await expectLanguage(page, locale, dir, phrases, 'Safe page')

      // Signing in as the 2-of-3 Safe: the progress while the co-owners have not confirmed.
      await page.goto(`${environment.fixture.signet.url}/`)
      const item = ownedSafe(page, safe)
      await item.getByRole('button').first().click()
      const progress = page.getByTestId('safe-sign-in-progress')
      await progress.waitFor()
      await page.getByTestId('safe-sign-in-signet-link').waitFor()
      await expectLanguage(page, locale, dir, phrases, 'Safe sign-in progress')

      // The co-owner page the link opens, in the co-owner's (same) language.
      const link = (await page.getByTestId('safe-sign-in-signet-link').getAttribute('href')) ?? ''
      const coOwner = await openTestPage(environment.fixture, test, {
        locale: browser,
        wallet: { accounts: [key(1)] },
        path: `/${new URL(link).hash}`,
      })
      await coOwner.page.getByTestId('safe-message-text').waitFor()
      await coOwner.page.getByTestId('safe-message-progress').waitFor()
      await expectLanguage(coOwner.page, locale, dir, phrases, 'co-owner page')
    },
  )

  it('an English page fetches no other language’s catalogue', async (test) => {
    const fetched: string[] = []
    const { page } = await openTestPage(environment.fixture, test, { wallet: false })
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    await page.reload()
    await page.locator('#landing-title').waitFor()
    await page.getByTestId('connect-wallet-button').hover()
    await page.getByTestId('rk-connect-button').waitFor()
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ])
    expect(await page.locator('#landing-title').textContent()).toBe(catalogue('en').get('app.landing.title'))
    // Catalogue chunks are named after their language file (fr-….js, zh-TW-….js).
    const catalogueChunk =
      /\/assets\/(ar|de|es|fr|hi|id|ja|ko|ms|pt|ru|th|tr|uk|vi|zh-CN|zh-HK|zh-TW)-[\w-]+\.js$/
    expect(fetched.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0)
    expect(fetched.filter((path) => catalogueChunk.test(path))).toEqual([])
  })
})

describe('SIGNET_LOCALE pins one language for every visitor', () => {
  const fixture = useSignet({ env: { SIGNET_LOCALE: 'de' } })

  it('a French browser gets the German page and RainbowKit’s German dialog', async (test) => {
    const { page } = await openTestPage(fixture, test, { locale: 'fr-FR' })
    await page.locator('#landing-title').waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
    expect(await page.locator('#landing-title').textContent()).toBe(catalogue('de').get('app.landing.title'))
    await page.getByTestId('connect-wallet-button').click()
    await dialog(page).getByText('Ein Wallet verbinden', { exact: true }).waitFor()
    expect(await page.getByTestId('rk-connect-button').textContent()).toBe('Wallet verbinden')
  })
})
