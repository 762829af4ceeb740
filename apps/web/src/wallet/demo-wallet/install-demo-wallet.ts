import type { PublicConfig } from '@signet/protocol/public-config'
import { MemoryStorage } from '../../lib/framing.ts'
import { browserStorage } from '../remembered-connection.ts'
import { announceProvider } from './announce-provider.ts'
import { createDemoProvider, type DemoProvider } from './demo-provider.ts'
import { demoWalletAllowed } from './demo-wallet-allowed.ts'
import { demoWalletInfo } from './demo-wallet-info.ts'

export class DemoWalletNotAllowedError extends Error {
  override name = 'DemoWalletNotAllowedError'
  readonly code = 'demo_wallet_not_allowed'
}

/**
 * Creates the "Signet Demo Wallet" from the config's demo accounts (anvil's public test keys)
 * and announces it over EIP-6963, so it appears in the connect dialog as an installed wallet.
 *
 * @throws DemoWalletNotAllowedError in production mode or without demo accounts.
 */
export function installDemoWallet(config: PublicConfig, target: Window = window): DemoProvider {
  if (!demoWalletAllowed(config) || !config.demoAccounts) {
    throw new DemoWalletNotAllowedError('The demo wallet is only available in demo and dev mode.')
  }
  const chains = config.chains.map((chain) => ({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    ...(chain.blockExplorerUrl ? { blockExplorerUrl: chain.blockExplorerUrl } : {}),
  }))
  // Start on the local chain when there is one: it is where the demo accounts hold funds.
  const local = chains.find((chain) => chain.id === 31337)
  const provider = createDemoProvider({
    accounts: config.demoAccounts,
    chains,
    ...(local ? { chainId: local.id } : {}),
    // A cross-site frame (the sandbox Safe{Wallet} host) may be denied localStorage: the demo wallet
    // then keeps its permission for this page only.
    storage: browserStorage(target) ?? new MemoryStorage(),
    origin: target.location.origin,
  })
  announceProvider(target, { info: demoWalletInfo, provider })
  return provider
}
