import type { PublicConfig } from '@signet/protocol/public-config'
import { publicWalletConnectRelayUrl, type SignetConfig } from './config.ts'

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
  if (config.locale) publicConfig.locale = config.locale
  if (config.walletConnectProjectId) publicConfig.walletConnectProjectId = config.walletConnectProjectId
  if (config.mode !== 'production') {
    if (demo.demoAccounts) publicConfig.demoAccounts = demo.demoAccounts
    if (demo.demoSafes) publicConfig.demoSafes = demo.demoSafes
  }
  return publicConfig
}
