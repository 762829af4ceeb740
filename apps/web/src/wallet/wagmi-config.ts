import type { PublicConfig } from '@signet/protocol/public-config'
import type { Chain, Transport } from 'viem'
import { type Config, type CreateConnectorFn, createConfig } from 'wagmi'
import { chainTransport, type ExplorerLinkBase, toViemChain } from './chains.ts'
import { deferWalletSdk } from './deferred-wallet-sdk.ts'
import { rememberedConnectorIds } from './remembered-connection.ts'
import { buildWalletList } from './wallet-list.ts'

export type SignetWagmiConfig = { wagmiConfig: Config; chains: readonly [Chain, ...Chain[]] }

/** What Safe App mode (safe-app/safe-app-wagmi.ts) changes in the wagmi configuration. */
export type SafeAppWagmiParts = {
  /** First in the list, so wagmi's reconnect tries the Safe before any other wallet. */
  connector: CreateConnectorFn
  transport: (chainId: number, direct: Transport) => Transport
  /** The operator's groups without RainbowKit's own Safe wallet, which would accept any parent origin. */
  walletGroups: PublicConfig['walletGroups']
  /** Recent transactions hold safeTxHashes no explorer knows: links go through Signet instead. */
  explorerLinkBase: ExplorerLinkBase
}

export type SignetWagmiOptions = {
  appUrl?: string
  /** Safe App mode (framed only): the Safe connector first, and the Safe's chain read through the host. */
  safeApp?: SafeAppWagmiParts
  /** Where wagmi keeps its state; its remembered connections keep their wallet SDK loaded. */
  storage?: Pick<Storage, 'getItem'>
}

/**
 * The wagmi configuration for a run-time config: its chains, one fallback transport per chain,
 * the operator's wallet groups, and EIP-6963 discovery of injected wallets (which also brings the
 * demo wallet in). Connection state lives in wagmi's localStorage storage, so a reload reconnects.
 * Wallet SDKs (WalletConnect, Coinbase, MetaMask) load when their wallet is picked, or at once for
 * the connection wagmi remembers.
 *
 * @example const { wagmiConfig } = createSignetWagmiConfig(config, { appUrl: location.origin })
 */
export function createSignetWagmiConfig(
  config: PublicConfig,
  options: SignetWagmiOptions = {},
): SignetWagmiConfig {
  const { safeApp } = options
  const chains = config.chains.map((chain) => toViemChain(chain, safeApp?.explorerLinkBase))
  const [first, ...rest] = chains
  if (!first) throw new RangeError('the configuration names no chain')
  const transports: Record<number, Transport> = {}
  for (const chain of config.chains) {
    const direct = chainTransport(chain.rpcUrls)
    transports[chain.id] = safeApp ? safeApp.transport(chain.id, direct) : direct
  }
  const { connectors: walletConnectors } = buildWalletList({
    walletGroups: safeApp ? safeApp.walletGroups : config.walletGroups,
    ...(config.wallets ? { wallets: config.wallets } : {}),
    appName: config.appName,
    ...(config.walletConnectProjectId ? { walletConnectProjectId: config.walletConnectProjectId } : {}),
    ...(config.walletConnectRelayUrl ? { walletConnectRelayUrl: config.walletConnectRelayUrl } : {}),
    ...(options.appUrl ? { appUrl: options.appUrl } : {}),
  })
  const remembered = new Set(rememberedConnectorIds(options.storage))
  const deferred = walletConnectors.map((connector) => deferWalletSdk(connector, remembered))
  const connectors = safeApp ? [safeApp.connector, ...deferred] : deferred
  const wagmiConfig = createConfig({
    chains: [first, ...rest],
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    ssr: false,
  })
  return { wagmiConfig, chains: [first, ...rest] }
}
