import '@rainbow-me/rainbowkit/styles.css'
import './app/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { ConfigErrorPage } from './app/ConfigErrorPage.tsx'
import { loadPublicConfig } from './config/public-config.ts'
import { resolveThemeChoice } from './wallet/theme.ts'

async function start(): Promise<void> {
  const element = document.getElementById('root')
  if (!element) throw new Error('index.html has no #root element')
  const root = createRoot(element)
  try {
    const config = await loadPublicConfig()
    const theme = resolveThemeChoice(config.theme, window.location.search)
    document.documentElement.dataset.themeMode = theme.mode
    let demoWalletPanel: React.ReactNode
    if (config.mode !== 'production' && config.demoAccounts?.length) {
      // Loaded on demand: a production page never carries the demo wallet's code.
      const { mountDemoWallet } = await import('./wallet/demo-wallet/mount-demo-wallet.tsx')
      demoWalletPanel = mountDemoWallet(config)
    }
    root.render(
      <StrictMode>
        <App config={config} theme={theme} demoWalletPanel={demoWalletPanel} />
      </StrictMode>,
    )
  } catch (error) {
    console.error(error)
    root.render(<ConfigErrorPage error={error} />)
  }
}

void start()
