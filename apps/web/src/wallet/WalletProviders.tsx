import { RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { WagmiProvider } from 'wagmi'
import type { PublicConfig } from '../config/public-config.ts'
import { isSwitchingUnsupportedError, switchingUnsupportedStore } from './switch-chain-support.ts'
import { rainbowKitTheme, type ThemeChoice } from './theme.ts'
import { createSignetWagmiConfig } from './wagmi-config.ts'

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
  const queryClient = useMemo(
    () =>
      new QueryClient({
        mutationCache: new MutationCache({
          onError(error, _variables, _context, mutation) {
            if (mutation.options.mutationKey?.[0] === 'switchChain' && isSwitchingUnsupportedError(error)) {
              switchingUnsupportedStore.set(true)
            }
          },
          onSuccess(_data, _variables, _context, mutation) {
            if (mutation.options.mutationKey?.[0] === 'switchChain') switchingUnsupportedStore.set(false)
          },
        }),
      }),
    [],
  )
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
      <QueryClientProvider client={queryClient}>{authentication ? authentication(rainbowKit) : rainbowKit}</QueryClientProvider>
    </WagmiProvider>
  )
}
