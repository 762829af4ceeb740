import { ConnectButton } from '@rainbow-me/rainbowkit'
import { lazy, type ReactNode, Suspense, useMemo } from 'react'
import { AccountArea } from '../account/AccountArea.tsx'
import { createAuthApi } from '../auth/auth-api.ts'
import { SignInErrorNotice } from '../auth/SignInErrorNotice.tsx'
import { SignInProvider } from '../auth/SignInProvider.tsx'
import { SignInStatus } from '../auth/SignInStatus.tsx'
import type { PublicConfig } from '../config/public-config.ts'
import { isFramed } from '../safe-app/safe-hosts.ts'
import type { ThemeChoice } from '../wallet/theme.ts'
import { ConnectErrorNotice } from '../wallet/WalletNotices.tsx'
import { WalletProviders } from '../wallet/WalletProviders.tsx'
import { Landing } from './Landing.tsx'
import { SafePagesRoute } from './SafePagesRoute.tsx'
import { parseSafeRoute, useLocationHash } from './safe-route.ts'

// Safe App mode only: loaded inside a frame (Safe{Wallet}), never in the standalone app.
const SafeAppPanel = lazy(() => import('../safe-app/SafeAppPanel.tsx'))
// Signing in as a Safe from an owner's wallet: loaded after the first render (it brings the gateway
// client and its response validation), so the landing page's JavaScript stays small.
const SafeOwnerSignIn = lazy(() =>
  import('../safe-sign-in/SafeOwnerSignIn.tsx').then((module) => ({ default: module.SafeOwnerSignIn })),
)

export type AppProps = {
  config: PublicConfig
  theme: ThemeChoice
  /** The demo wallet's panel in demo and dev mode. */
  demoWalletPanel?: ReactNode
}

/** The page: header with the connect button, what Signet does, and the account area. */
export function App({ config, theme, demoWalletPanel }: AppProps) {
  const authApi = useMemo(() => createAuthApi(), [])
  const safeRoute = parseSafeRoute(useLocationHash())
  return (
    <WalletProviders
      config={config}
      theme={theme}
      authentication={(children) => (
        <SignInProvider api={authApi} appName={config.appName}>
          {children}
        </SignInProvider>
      )}
    >
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
        {isFramed() && (
          <Suspense fallback={null}>
            <SafeAppPanel config={config} />
          </Suspense>
        )}
        {safeRoute ? (
          <>
            <p>
              <a href="#/">← Back to {config.appName}</a>
            </p>
            <SafePagesRoute route={safeRoute} gatewayUrl={config.gatewayUrl} />
          </>
        ) : (
          <Landing appName={config.appName} />
        )}
        <AccountArea
          appName={config.appName}
          signIn={<SignInStatus gatewayUrl={config.gatewayUrl} />}
          testTransaction={config.mode !== 'production'}
        />
        {!isFramed() && (
          <Suspense fallback={null}>
            <SafeOwnerSignIn config={config} />
          </Suspense>
        )}
      </main>
      <footer className="site-footer">
        <p>
          {config.appName} · Sign-In with Ethereum (EIP-4361) ·{' '}
          {config.mode === 'production' ? 'production' : `${config.mode} mode`}
        </p>
      </footer>
      <SignInErrorNotice />
      {demoWalletPanel}
    </WalletProviders>
  )
}
