import { RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { WagmiProvider } from 'wagmi'
import type { PublicConfig } from '../config/public-config.ts'
import { rainbowKitTheme, type ThemeChoice } from './theme.ts'
import { createSignetWagmiConfig } from './wagmi-config.ts'
import { createWalletNoticesCache } from './wallet-notices.ts'

export type WalletProvidersProps = {
  config: PublicConfig
  theme: ThemeChoice
  /** Wraps RainbowKit's modals, e.g. with the Sign-In with Ethereum provider. */
  authentication?: (children: ReactNode) => ReactNode
  children: ReactNode
}

/** wagmi, react-query and RainbowKit, configured from the run-time config. */
export function WalletProviders({ config, theme, authentication, children }: WalletProvidersProps) {
  const { wagmiConfig } = useMemo(() => createSignetWagmiConfig(config, window.location.origin), [config])
  const queryClient = useMemo(() => new QueryClient({ mutationCache: createWalletNoticesCache() }), [])
  const rainbowKit = (
    <RainbowKitProvider
      appInfo={{ appName: config.appName, learnMoreUrl: 'https://ethereum.org/en/wallets/' }}
      theme={rainbowKitTheme(theme)}
      showRecentTransactions
      modalSize="wide"
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
