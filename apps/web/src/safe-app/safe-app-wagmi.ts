import type { PublicConfig } from '@signet/protocol/public-config'
import { ensureFrameStorage, isFramed } from '../lib/framing.ts'
import type { SafeAppWagmiParts } from '../wallet/wagmi-config.ts'
import { installFramedSessionFetch } from './framed-session-fetch.ts'
import { safeAppConnector } from './safe-app-connector.ts'
import { safeAppTransport } from './safe-app-transport.ts'

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
