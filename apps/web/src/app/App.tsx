import { ConnectButton } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { AccountArea } from '../account/AccountArea.tsx'
import type { PublicConfig } from '../config/public-config.ts'
import type { ThemeChoice } from '../wallet/theme.ts'
import { ConnectErrorNotice } from '../wallet/WalletNotices.tsx'
import { WalletProviders } from '../wallet/WalletProviders.tsx'
import { Landing } from './Landing.tsx'

export type AppProps = {
  config: PublicConfig
  theme: ThemeChoice
  /** The demo wallet's panel in demo and dev mode. */
  demoWalletPanel?: ReactNode
}

/** The page: header with the connect button, what Signet does, and the account area. */
export function App({ config, theme, demoWalletPanel }: AppProps) {
  return (
    <WalletProviders config={config} theme={theme}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <span className="site-header__brand">{config.appName}</span>
        <nav aria-label="Wallet">
          <ConnectButton />
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <ConnectErrorNotice />
        <Landing appName={config.appName} />
        <AccountArea appName={config.appName} />
      </main>
      <footer className="site-footer">
        <p>
          {config.appName} · Sign-In with Ethereum (EIP-4361) · {config.mode === 'production' ? 'production' : `${config.mode} mode`}
        </p>
      </footer>
      {demoWalletPanel}
    </WalletProviders>
  )
}
