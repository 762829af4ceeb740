import './app/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppShell } from './app/AppShell.tsx'
import { ConfigErrorPage } from './app/ConfigErrorPage.tsx'
import { loadWalletApp, walletNeededAtOnce } from './app/wallet-app-loader.ts'
import { loadPublicConfig } from './config/public-config.ts'
import { createDemoWalletLoader } from './wallet/demo-wallet/demo-wallet-loader.ts'
import { resolveThemeChoice } from './wallet/theme-choice.ts'

// The first paint carries React, the config reader and the page (app/AppShell.tsx); RainbowKit,
// wagmi and viem load on intent. bench/check-size-budget.ts (npm test) keeps it that way.
async function start(): Promise<void> {
  const element = document.getElementById('root')
  if (!element) throw new Error('index.html has no #root element')
  const root = createRoot(element)
  try {
    const config = await loadPublicConfig()
    const theme = resolveThemeChoice(config.theme, window.location.search)
    document.documentElement.dataset.themeMode = theme.mode
    // Demo and dev mode only: a production page never carries the demo wallet's code.
    const demoWallet = createDemoWalletLoader(config)
    // Fetched during the first paint where the page needs the wallet from the start.
    if (walletNeededAtOnce(window)) void loadWalletApp(config, demoWallet).catch(() => undefined)
    root.render(
      <StrictMode>
        <AppShell config={config} theme={theme} {...(demoWallet ? { demoWallet } : {})} />
      </StrictMode>,
    )
  } catch (error) {
    console.error(error)
    root.render(<ConfigErrorPage error={error} />)
  }
}

void start()
