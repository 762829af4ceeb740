import type { PublicConfig } from '@signet/protocol/public-config'
import type { Transport } from 'viem'
import type { CreateConnectorFn } from 'wagmi'
import type { ExplorerLinkBase } from '../wallet/chains.ts'
import { ensureFrameStorage } from './frame-storage.ts'
import { installFramedSessionFetch } from './framed-session-fetch.ts'
import { safeAppConnector } from './safe-app-connector.ts'
import { safeAppTransport } from './safe-app-transport.ts'
import { isFramed } from './safe-hosts.ts'

export type SafeAppWagmiParts = {
  /** First in the list, so wagmi's reconnect tries the Safe before any other wallet. */
  connector: CreateConnectorFn
  transport: (chainId: number, direct: Transport) => Transport
  /** The operator's groups without RainbowKit's own Safe wallet, which would accept any parent origin. */
  walletGroups: PublicConfig['walletGroups']
  /** Recent transactions hold safeTxHashes no explorer knows: links go through Signet instead. */
  explorerLinkBase: ExplorerLinkBase
}

/** Query override of the Safe signing time-out (e.g. for a quick retry test), in milliseconds. */
export const signingTimeoutParameter = 'safeSignTimeoutMs'

/**
 * Signet's explorer redirect for a chain (served by apps/server/src/explorer): RainbowKit's recent
 * transactions hold the safeTxHash, and the redirect leads it to the execution's chain transaction or,
 * until then, to the transaction in Safe{Wallet}.
 */
export function signetExplorerUrl(origin: string, chainId: number): string {
  return `${origin}/explorer/${chainId}`
}

/**
 * What Safe App mode adds to the wagmi config, or undefined outside a frame (then nothing changes).
 *
 * @example const safeApp = safeAppWagmiParts(config, location.search)
 */
export function safeAppWagmiParts(
  config: PublicConfig,
  search = window.location.search,
): SafeAppWagmiParts | undefined {
  if (!isFramed()) return undefined
  // Before wagmi and RainbowKit read localStorage, which a cross-site frame may be denied.
  ensureFrameStorage()
  installFramedSessionFetch()
  const timeout = Number(new URLSearchParams(search).get(signingTimeoutParameter))
  return {
    connector: safeAppConnector({
      safeHosts: config.safeHosts,
      gatewayUrl: config.gatewayUrl,
      appName: config.appName,
      ...(Number.isSafeInteger(timeout) && timeout > 0 ? { signingTimeoutMs: timeout } : {}),
    }),
    transport: safeAppTransport,
    // Explorer links (recent transactions, address) go through Signet's redirect.
    explorerLinkBase: (chain) => signetExplorerUrl(window.location.origin, chain.id),
    walletGroups: config.walletGroups
      .map((group) => ({ ...group, wallets: group.wallets.filter((id) => id !== 'safe') }))
      .filter((group) => group.wallets.length > 0),
  }
}
