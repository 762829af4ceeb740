import {
  type ChainConfig,
  publicWalletConnectRelayUrl,
  type SignetConfig,
  type SignetMode,
  type WalletGroup,
} from './config.ts'
import type { WalletDescriptor } from './wallet-descriptors.ts'

/** What the web app needs to know at run time; one build serves any configuration. */
export type PublicConfig = {
  appName: string
  mode: SignetMode
  chains: ChainConfig[]
  walletConnectProjectId?: string
  gatewayUrl: string
  safeHosts: string[]
  demoAccounts?: { address: string; privateKey: string }[]
  demoSafes?: { address: string; chainId: number; owners: string[]; threshold: number; version: string }[]
  walletGroups: WalletGroup[]
  /** The operator's own wallets (`SIGNET_WALLETS`); left out when there are none. */
  wallets?: WalletDescriptor[]
  theme: SignetConfig['theme']
  /** The WalletConnect relay the app's WalletConnect wallets use (`SIGNET_WALLETCONNECT_RELAY_URL`). */
  walletConnectRelayUrl: string
}

export type DemoFixtures = Pick<PublicConfig, 'demoAccounts' | 'demoSafes'>

/**
 * The run-time configuration handed to the browser. Demo accounts (anvil's well-known test keys)
 * are included only outside production, so a production page never carries a key.
 */
export function toPublicConfig(
  config: SignetConfig,
  gatewayUrl: string,
  demo: DemoFixtures = {},
  walletConnectRelayUrl = config.walletConnectRelayUrl ?? publicWalletConnectRelayUrl,
): PublicConfig {
  const publicConfig: PublicConfig = {
    appName: config.appName,
    mode: config.mode,
    chains: config.chains,
    gatewayUrl,
    safeHosts: config.safeHosts,
    walletGroups: config.walletGroups,
    theme: config.theme,
    walletConnectRelayUrl,
  }
  if (config.wallets.length > 0) publicConfig.wallets = config.wallets
  if (config.walletConnectProjectId) publicConfig.walletConnectProjectId = config.walletConnectProjectId
  if (config.mode !== 'production') {
    if (demo.demoAccounts) publicConfig.demoAccounts = demo.demoAccounts
    if (demo.demoSafes) publicConfig.demoSafes = demo.demoSafes
  }
  return publicConfig
}
