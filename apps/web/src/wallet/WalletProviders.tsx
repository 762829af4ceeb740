import '@rainbow-me/rainbowkit/styles.css'
import { RainbowKitProvider } from '@rainbow-me/rainbowkit'
import type { PublicConfig } from '@signet/protocol/public-config'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { useLocale } from 'use-intl'
import { type Config, WagmiProvider } from 'wagmi'
import { rainbowKitLocale } from '../i18n/choose-locale.ts'
import type { ThemeChoice } from '../theme/theme-choice.ts'
import { rainbowKitTheme } from './theme.ts'
import { createWalletNoticesCache } from './wallet-notices.ts'

export type WalletProvidersProps = {
  config: PublicConfig
  /** From createSignetWagmiConfig (wagmi-config.ts). */
  wagmiConfig: Config
  theme: ThemeChoice
  /** Wraps RainbowKit's modals, e.g. with the Sign-In with Ethereum provider. */
  authentication?: (children: ReactNode) => ReactNode
  children: ReactNode
}

/** wagmi, react-query and RainbowKit, configured from the run-time config. */
export function WalletProviders({
  config,
  wagmiConfig,
  theme,
  authentication,
  children,
}: WalletProvidersProps) {
  // RainbowKit would read the browser's first language itself; Signet's choice (SIGNET_LOCALE, or the
  // first language Signet speaks) is handed over so that the dialog and the page always agree.
  const locale = useLocale()
  const queryClient = useMemo(() => new QueryClient({ mutationCache: createWalletNoticesCache() }), [])
  const rainbowKit = (
    <RainbowKitProvider
      appInfo={{ appName: config.appName, learnMoreUrl: 'https://ethereum.org/en/wallets/' }}
      theme={rainbowKitTheme(theme)}
      showRecentTransactions
      modalSize="wide"
      locale={rainbowKitLocale(locale)}
    >
      {children}
    </RainbowKitProvider>
  )
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        {authentication ? authentication(rainbowKit) : rainbowKit}
      </QueryClientProvider>
    </WagmiProvider>
  )
}
