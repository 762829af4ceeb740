import type { Transport } from 'viem'
import type { CreateConnectorFn } from 'wagmi'
import type { PublicConfig } from '../config/public-config.ts'
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
}

/** Query override of the Safe signing time-out (e.g. for a quick retry test), in milliseconds. */
export const signingTimeoutParameter = 'safeSignTimeoutMs'

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
      ...(Number.isSafeInteger(timeout) && timeout > 0 ? { signingTimeoutMs: timeout } : {}),
    }),
    transport: safeAppTransport,
    walletGroups: config.walletGroups
      .map((group) => ({ ...group, wallets: group.wallets.filter((id) => id !== 'safe') }))
      .filter((group) => group.wallets.length > 0),
  }
}
