import { getWalletConnectConnector, type Wallet } from '@rainbow-me/rainbowkit'
import type { WalletConnection, WalletDescriptor } from '@signet/protocol/wallet-descriptor'
import { createConnector, injected } from 'wagmi'
import type { CreateWalletFn } from './wallet-catalog.ts'

type InjectedConnection = Extract<WalletConnection, { kind: 'injected' }>
type InjectedProvider = Record<string, unknown>
/** What the finder reads of `window`: EIP-6963 events and `window.ethereum`. */
export type ProviderWindow = Pick<EventTarget, 'addEventListener' | 'dispatchEvent'> & {
  ethereum?: InjectedProvider & { providers?: InjectedProvider[] }
}
export type FindInjectedProvider = (connection: InjectedConnection) => InjectedProvider | undefined

/**
 * Finds an operator wallet's injected provider: the one announced over EIP-6963 with its `rdns`,
 * else the one carrying its `flag` (`window.ethereum.isAcmeWallet`, or among
 * `window.ethereum.providers` where several extensions share it), as RainbowKit's own injected
 * wallets look for theirs.
 *
 * @example const find = createInjectedProviderFinder(window); find({ kind: 'injected', rdns: 'com.acme.wallet' })
 */
export function createInjectedProviderFinder(target: ProviderWindow): FindInjectedProvider {
  const announced = new Map<string, InjectedProvider>()
  let asked = false
  return (connection) => {
    if (!asked) {
      asked = true
      target.addEventListener('eip6963:announceProvider', (event) => {
        const detail = (event as CustomEvent<{ info?: { rdns?: unknown }; provider?: InjectedProvider }>)
          .detail
        if (typeof detail?.info?.rdns === 'string' && detail.provider)
          announced.set(detail.info.rdns, detail.provider)
      })
      // Wallets answer the request at once, so those present are known when this returns.
      target.dispatchEvent(new Event('eip6963:requestProvider'))
    }
    const byRdns = connection.rdns ? announced.get(connection.rdns) : undefined
    if (byRdns || !connection.flag) return byRdns
    const flag = connection.flag
    const ethereum = target.ethereum
    if (ethereum?.providers) return ethereum.providers.find((provider) => provider[flag])
    return ethereum?.[flag] ? ethereum : undefined
  }
}

let browserFinder: FindInjectedProvider | undefined
const findInBrowser: FindInjectedProvider = (connection) => {
  if (typeof window === 'undefined') return undefined
  browserFinder ??= createInjectedProviderFinder(window)
  return browserFinder(connection)
}

/**
 * The RainbowKit wallet of an operator-defined descriptor (`SIGNET_WALLETS`): its look, download
 * links and install steps as configured, and a connector for its kind. An injected wallet uses
 * wagmi's `injected` connector aimed at its own provider, and counts as installed when that
 * provider is found (unless `installed` says otherwise); with an `rdns`, RainbowKit lists the
 * announced wallet under "Installed" in its place. A WalletConnect wallet needs the project id:
 * without one, creating it throws, as RainbowKit's own WalletConnect wallets do.
 *
 * @example connectorsForWallets([{ groupName: 'Partners', wallets: [customWallet(descriptor)] }], options)
 */
export function customWallet(
  descriptor: WalletDescriptor,
  findProvider: FindInjectedProvider = findInBrowser,
): CreateWalletFn {
  return ({ projectId, walletConnectParameters }): Wallet => {
    const { connect, instructions, ...look } = descriptor
    const extension = instructions?.extension ? { extension: { instructions: instructions.extension } } : {}
    if (connect.kind === 'walletConnect') {
      const desktop = {
        ...(connect.desktopLink ? { getUri: linkTo(connect.desktopLink) } : {}),
        ...(instructions?.desktop ? { instructions: instructions.desktop } : {}),
      }
      return {
        ...look,
        ...extension,
        // Without its own link, a phone hands the bare wc: URI to the wallet registered for it.
        mobile: { getUri: connect.mobileLink ? linkTo(connect.mobileLink) : (uri) => uri },
        qrCode: {
          getUri: (uri) => uri,
          ...(instructions?.qrCode ? { instructions: instructions.qrCode } : {}),
        },
        ...(Object.keys(desktop).length > 0 ? { desktop } : {}),
        createConnector: getWalletConnectConnector({
          projectId,
          ...(walletConnectParameters ? { walletConnectParameters } : {}),
        }),
      }
    }
    return {
      ...look,
      ...(connect.rdns ? { rdns: connect.rdns } : {}),
      installed: look.installed ?? findProvider(connect) !== undefined,
      ...extension,
      ...(instructions?.desktop ? { desktop: { instructions: instructions.desktop } } : {}),
      createConnector: (walletDetails) =>
        createConnector((config) => ({
          ...injected({
            target: () => ({
              id: walletDetails.rkDetails.id,
              name: walletDetails.rkDetails.name,
              provider: () => findProvider(connect) as never,
            }),
          })(config),
          ...walletDetails,
        })),
    }
  }
}

function linkTo(prefix: string): (uri: string) => string {
  return (uri) => `${prefix}${encodeURIComponent(uri)}`
}
