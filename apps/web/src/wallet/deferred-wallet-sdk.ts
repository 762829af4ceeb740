import type { CreateConnectorFn } from 'wagmi'

/**
 * Connector types whose provider is a wallet SDK loaded on demand (WalletConnect's
 * EthereumProvider, the Coinbase Wallet SDK, the MetaMask SDK). wagmi creates that provider in
 * `setup()` (at start) and probes every connector's provider in `reconnect()` (on mount), which
 * would fetch all of them before the user chose any.
 */
export const walletSdkConnectorTypes: ReadonlySet<string> = new Set([
  'walletConnect',
  'coinbaseWallet',
  'metaMask',
])

type Connector = ReturnType<CreateConnectorFn>

/**
 * Keeps a wallet SDK unloaded until the user picks its wallet. Until then the connector skips
 * `setup()`, says it is not authorized and has no provider, so reconnecting passes it by. A pick
 * is what RainbowKit does when a wallet is chosen in the dialog: `getChainId()` then `connect()`,
 * in the same task as its request for the QR code's provider (which therefore waits one task to
 * see whether a pick follows). A connector that wagmi remembers as connected is left as it is, so
 * a reload reconnects it. wagmi remembers the id it was connected with: for a RainbowKit wallet
 * that is the wallet's own (`rainbow`, `coinbase`: RainbowKit connects the connector merged with its
 * `rkDetails`), after a reconnect the connector's (`walletConnect`); either one counts.
 *
 * @example connectors.map((connector) => deferWalletSdk(connector, new Set(rememberedConnectorIds(localStorage))))
 */
export function deferWalletSdk(
  createConnectorFn: CreateConnectorFn,
  remembered: ReadonlySet<string>,
): CreateConnectorFn {
  return (config) => {
    const connector = createConnectorFn(config)
    if (!walletSdkConnectorTypes.has(connector.type) || rememberedAs(connector, remembered)) return connector
    let picked = false
    const deferred: Connector = {
      ...connector,
      setup: undefined,
      connect: function (this: Connector, ...args: Parameters<Connector['connect']>) {
        picked = true
        return connector.connect.apply(this, args)
      } as Connector['connect'],
      getChainId(this: Connector) {
        picked = true
        return connector.getChainId.call(this)
      },
      async getProvider(this: Connector, parameters) {
        if (!picked) await nextTask()
        if (!picked) return undefined as Awaited<ReturnType<Connector['getProvider']>>
        return connector.getProvider.call(this, parameters)
      },
      async isAuthorized(this: Connector) {
        return picked ? connector.isAuthorized.call(this) : false
      },
    }
    return deferred
  }
}

function rememberedAs(connector: Connector, remembered: ReadonlySet<string>): boolean {
  const walletId = (connector as { rkDetails?: { id?: unknown } }).rkDetails?.id
  return remembered.has(connector.id) || (typeof walletId === 'string' && remembered.has(walletId))
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
