import { connectorsForWallets } from '@rainbow-me/rainbowkit'
import type { WalletGroupConfig } from '@signet/protocol/public-config'
import type { WalletDescriptor } from '@signet/protocol/wallet-descriptor'
import type { CreateConnectorFn } from 'wagmi'
import { customWallet } from './custom-wallet.ts'
import { type CreateWalletFn, needsWalletConnect, walletCatalog } from './wallet-catalog.ts'
import { checkProjectId } from './walletconnect-project-id.ts'

export type WalletListParameters = {
  walletGroups: WalletGroupConfig[]
  /** The operator's own wallets (`SIGNET_WALLETS`), which the groups name by id. */
  wallets?: WalletDescriptor[]
  walletConnectProjectId?: string
  /** The WalletConnect relay (`SIGNET_WALLETCONNECT_RELAY_URL`); absent: WalletConnect's own. */
  walletConnectRelayUrl?: string
  appName: string
  appUrl?: string
  appIcon?: string
  warn?: (message: string) => void
}

export type WalletListResult = {
  connectors: CreateConnectorFn[]
  /** The groups as offered, after leaving out what cannot work here. */
  groups: WalletGroupConfig[]
}

/**
 * Builds the connect dialog's wallet list from the operator's groups, of catalog wallets and the
 * operator's own. Leaves out, each with a console warning that says why: unknown ids, `injected` (EIP-6963 discovery already lists every
 * injected wallet, so it would appear twice), and every WalletConnect-based wallet when there is
 * no WalletConnect project id.
 *
 * @example const { connectors } = buildWalletList({ walletGroups, appName: 'Signet' })
 */
export function buildWalletList(parameters: WalletListParameters): WalletListResult {
  const warn = parameters.warn ?? ((message: string) => console.warn(message))
  const projectId = checkProjectId(parameters.walletConnectProjectId)
  if (projectId.kind === 'placeholder') {
    warn(
      `[Signet] SIGNET_WALLETCONNECT_PROJECT_ID is a placeholder ("${projectId.projectId}"): WalletConnect will not work for your users. Create a project id at WalletConnect Cloud.`,
    )
  } else if (projectId.kind === 'malformed') {
    warn(
      `[Signet] SIGNET_WALLETCONNECT_PROJECT_ID "${projectId.projectId}" does not look like a WalletConnect Cloud project id (32 hexadecimal characters).`,
    )
  }

  const ownWallets = new Map<string, CreateWalletFn>()
  for (const descriptor of parameters.wallets ?? []) {
    // The server refuses such an id; a catalog wallet keeps its own.
    if (Object.hasOwn(walletCatalog, descriptor.id)) {
      warn(`[Signet] Wallet "${descriptor.id}" of SIGNET_WALLETS is left out: a built-in wallet has that id.`)
      continue
    }
    ownWallets.set(descriptor.id, customWallet(descriptor))
  }

  const withoutWalletConnect: string[] = []
  const groups: { groupName: string; wallets: string[]; factories: CreateWalletFn[] }[] = []
  for (const group of parameters.walletGroups) {
    const kept: string[] = []
    const factories: CreateWalletFn[] = []
    for (const id of group.wallets) {
      const createWallet = Object.hasOwn(walletCatalog, id) ? walletCatalog[id] : ownWallets.get(id)
      if (!createWallet) {
        warn(
          `[Signet] Unknown wallet id "${id}" in group "${group.groupName}" is left out. Known ids: ${[...Object.keys(walletCatalog), ...ownWallets.keys()].join(', ')}.`,
        )
        continue
      }
      if (id === 'injected') {
        warn(
          '[Signet] Wallet "injected" is left out: wallets injected in the browser are discovered (EIP-6963) and listed as installed already.',
        )
        continue
      }
      if (projectId.kind === 'missing' && needsWalletConnect(createWallet)) {
        withoutWalletConnect.push(id)
        continue
      }
      kept.push(id)
      factories.push(createWallet)
    }
    if (factories.length > 0) groups.push({ groupName: group.groupName, wallets: kept, factories })
  }
  if (withoutWalletConnect.length > 0) {
    warn(
      `[Signet] No WalletConnect project id is configured (SIGNET_WALLETCONNECT_PROJECT_ID), so WalletConnect-based wallets are left out: ${withoutWalletConnect.join(', ')}.`,
    )
  }

  // RainbowKit needs at least one group; wallets discovered in the browser are added to it anyway.
  const connectors =
    groups.length === 0
      ? []
      : connectorsForWallets(
          groups.map((group) => ({ groupName: group.groupName, wallets: group.factories })),
          {
            appName: parameters.appName,
            projectId: projectId.kind === 'missing' ? '' : projectId.projectId,
            ...(parameters.walletConnectRelayUrl
              ? { walletConnectParameters: { relayUrl: parameters.walletConnectRelayUrl } }
              : {}),
            ...(parameters.appUrl ? { appUrl: parameters.appUrl } : {}),
            ...(parameters.appIcon ? { appIcon: parameters.appIcon } : {}),
          },
        )
  return { connectors, groups: groups.map(({ groupName, wallets }) => ({ groupName, wallets })) }
}
