import type { PublicConfig } from '@signet/protocol/public-config'
import type { ReactNode } from 'react'
import { isFramed } from '../lib/framing.ts'
import { oidcInteractionUid } from '../oidc/interaction-route.ts'
import { isWalletRouteHash } from '../safe/location-hash.ts'
import type { DemoWalletLoader } from '../wallet/demo-wallet/demo-wallet-loader.ts'
import { browserStorage, rememberedConnectorIds } from '../wallet/remembered-connection.ts'
import type { AppProps } from '../wallet/wallet-part.ts'

/** The wallet part of the page (RainbowKit, wagmi, viem, sign-in), loaded and configured. */
export type LoadedWalletApp = {
  App: (props: AppProps) => ReactNode
  wagmiConfig: AppProps['wagmiConfig']
}

/**
 * Where a Safe sign-in waiting for co-owners is kept (safe-message-tracker/stored-sign-in.ts,
 * which needs viem: the same key is named here, and wallet-app-loader.test.ts keeps them equal).
 */
export const pendingSafeSignInKey = 'signet.pendingSafeSignIn'

let loading: Promise<LoadedWalletApp> | undefined

/**
 * Loads the wallet part of the page once; a failed load (e.g. offline) may be retried. In demo
 * mode the demo wallet is installed first, so that wagmi finds it announced when it reconnects.
 *
 * @example const { App, wagmiConfig } = await loadWalletApp(config, demoWallet)
 */
export function loadWalletApp(config: PublicConfig, demoWallet?: DemoWalletLoader): Promise<LoadedWalletApp> {
  loading ??= Promise.all([import('./App.tsx'), demoWallet?.load()])
    .then(async ([module]) => ({ App: module.App, ...(await module.prepareApp(config)) }))
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  return loading
}

export type WalletAtOnceReason =
  | 'framed'
  | 'remembered-connection'
  | 'wallet-route'
  | 'pending-safe-sign-in'
  | 'oidc-interaction'

/**
 * Why this page needs the wallet part from the start rather than on the first sign of intent:
 * inside Safe{Wallet} (the Safe connects by itself), a connection wagmi will restore, a Safe page
 * or confirm link, or a Safe sign-in waiting for co-owners. Undefined for a plain first visit.
 *
 * @example if (walletNeededAtOnce(window)) void loadWalletApp(config)
 */
export function walletNeededAtOnce(win: Window, hash = win.location.hash): WalletAtOnceReason | undefined {
  if (isFramed(win)) return 'framed'
  if (isWalletRouteHash(hash)) return 'wallet-route'
  if (oidcInteractionUid(win.location.pathname)) return 'oidc-interaction'
  const storage = browserStorage(win)
  if (rememberedConnectorIds(storage).length > 0) return 'remembered-connection'
  try {
    if (storage?.getItem(pendingSafeSignInKey)) return 'pending-safe-sign-in'
  } catch {
    // Unreadable storage holds no pending sign-in.
  }
  return undefined
}
