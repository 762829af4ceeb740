// First: before any module that builds a zod schema.
import './zod-jitless.ts'
import './app/app.css'
import { defaultLocale, type Locale } from '@signet/protocol/locales'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppShell } from './app/AppShell.tsx'
import { ConfigErrorPage } from './app/ConfigErrorPage.tsx'
import { loadWalletApp, walletNeededAtOnce } from './app/wallet-app-loader.ts'
import { loadPublicConfig } from './config/public-config.ts'
import { englishMessages, loadCatalogue, type Messages } from './i18n/catalogue.ts'
import { chooseLocale } from './i18n/choose-locale.ts'
import { applyDocumentLanguage, I18nProvider } from './i18n/I18nProvider.tsx'
import { applyPageTheme } from './theme/page-theme.ts'
import { resolveThemeChoice } from './theme/theme-choice.ts'
import { createDemoWalletLoader } from './wallet/demo-wallet/demo-wallet-loader.ts'

// The first paint carries React, the config reader and the page (app/AppShell.tsx); RainbowKit,
// wagmi and viem load on intent. bench/check-size-budget.ts (npm test) keeps it that way.
async function start(): Promise<void> {
  const element = document.getElementById('root')
  if (!element) throw new Error('index.html has no #root element')
  const root = createRoot(element)
  let locale = chooseLocale(undefined, navigator)
  let messages: Messages = englishMessages
  try {
    const config = await loadPublicConfig()
    const theme = resolveThemeChoice(config.theme, window.location.search)
    applyPageTheme(document.documentElement, theme)
    // Demo and dev mode only: a production page never carries the demo wallet's code.
    const demoWallet = createDemoWalletLoader(config)
    // Fetched during the first paint where the page needs the wallet from the start.
    if (walletNeededAtOnce(window)) void loadWalletApp(config, demoWallet).catch(() => undefined)
    ;({ locale, messages } = await languageOf(chooseLocale(config.locale, navigator)))
    root.render(
      <StrictMode>
        <I18nProvider locale={locale} messages={messages}>
          <AppShell config={config} theme={theme} {...(demoWallet ? { demoWallet } : {})} />
        </I18nProvider>
      </StrictMode>,
    )
  } catch (error) {
    console.error(error)
    ;({ locale, messages } = await languageOf(locale))
    root.render(
      <I18nProvider locale={locale} messages={messages}>
        <ConfigErrorPage error={error} />
      </I18nProvider>,
    )
  }
}

/**
 * The page's language and its catalogue. A language other than English waits for its own
 * catalogue (one small chunk) before the first render, so that no English flashes by; if it
 * cannot be fetched the page is English rather than blank.
 */
async function languageOf(wanted: Locale): Promise<{ locale: Locale; messages: Messages }> {
  let language: { locale: Locale; messages: Messages }
  try {
    language = { locale: wanted, messages: await loadCatalogue(wanted) }
  } catch (error) {
    console.error(`[Signet] the ${wanted} texts could not be loaded; showing English:`, error)
    language = { locale: defaultLocale, messages: englishMessages }
  }
  applyDocumentLanguage(language.locale)
  return language
}

void start()
