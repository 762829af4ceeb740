import './app/app.css'
import { type ReactNode, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { AppShell } from './app/AppShell.tsx'
import { ConfigErrorPage } from './app/ConfigErrorPage.tsx'
import { loadWalletApp, walletNeededAtOnce } from './app/wallet-app-loader.ts'
import { loadPublicConfig, type PublicConfig } from './config/public-config.ts'
import type { ThemeChoice } from './wallet/theme-choice.ts'
import { resolveThemeChoice } from './wallet/theme-choice.ts'

// The first paint carries React, the config reader and the page (AppShell.tsx); RainbowKit, wagmi
// and viem load on intent (apps/web/bench/check-size-budget.ts keeps it that way).
async function start(): Promise<void> {
  const element = document.getElementById('root')
  if (!element) throw new Error('index.html has no #root element')
  const root = createRoot(element)
  try {
    const config = await loadPublicConfig()
    const theme = resolveThemeChoice(config.theme, window.location.search)
    document.documentElement.dataset.themeMode = theme.mode
    // Fetched while the first paint happens, where the page needs the wallet from the start.
    if (walletNeededAtOnce(window)) void loadWalletApp(config).catch(() => undefined)
    render(root, config, theme)
    if (config.mode !== 'production' && config.demoAccounts?.length) {
      // Loaded on demand: a production page never carries the demo wallet's code.
      const { mountDemoWallet } = await import('./wallet/demo-wallet/mount-demo-wallet.tsx')
      render(root, config, theme, mountDemoWallet(config))
    }
  } catch (error) {
    console.error(error)
    root.render(<ConfigErrorPage error={error} />)
  }
}

function render(root: Root, config: PublicConfig, theme: ThemeChoice, demoWalletPanel?: ReactNode): void {
  root.render(
    <StrictMode>
      <AppShell config={config} theme={theme} demoWalletPanel={demoWalletPanel} />
    </StrictMode>,
  )
}

void start()
