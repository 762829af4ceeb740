import type { Chain, Transport } from 'viem'
import { type Config, createConfig } from 'wagmi'
import type { PublicConfig } from '../config/public-config.ts'
import { safeAppWagmiParts } from '../safe-app/safe-app-wagmi.ts'
import { chainTransport, toViemChain } from './chains.ts'
import { buildWalletList } from './wallet-list.ts'

export type SignetWagmiConfig = { wagmiConfig: Config; chains: readonly [Chain, ...Chain[]] }

/**
 * The wagmi configuration for a run-time config: its chains, one fallback transport per chain,
 * the operator's wallet groups, and EIP-6963 discovery of injected wallets (which also brings the
 * demo wallet in). Connection state lives in wagmi's localStorage storage, so a reload reconnects.
 *
 * @example const { wagmiConfig } = createSignetWagmiConfig(config, location.origin)
 */
export function createSignetWagmiConfig(config: PublicConfig, appUrl?: string): SignetWagmiConfig {
  const chains = config.chains.map(toViemChain)
  const [first, ...rest] = chains
  if (!first) throw new RangeError('the configuration names no chain')
  // Safe App mode (framed only): the Safe connector first, and the Safe's chain read through the host.
  const safeApp = safeAppWagmiParts(config)
  const transports: Record<number, Transport> = {}
  for (const chain of config.chains) {
    const direct = chainTransport(chain.rpcUrls)
    transports[chain.id] = safeApp ? safeApp.transport(chain.id, direct) : direct
  }
  const { connectors: walletConnectors } = buildWalletList({
    walletGroups: safeApp ? safeApp.walletGroups : config.walletGroups,
    appName: config.appName,
    ...(config.walletConnectProjectId ? { walletConnectProjectId: config.walletConnectProjectId } : {}),
    ...(appUrl ? { appUrl } : {}),
  })
  const connectors = safeApp ? [safeApp.connector, ...walletConnectors] : walletConnectors
  const wagmiConfig = createConfig({
    chains: [first, ...rest],
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    ssr: false,
  })
  return { wagmiConfig, chains: [first, ...rest] }
}
