import type { PublicConfig } from '@signet/protocol/public-config'
import type { DemoProvider } from './demo-provider.ts'
import { demoWalletAllowed } from './demo-wallet-allowed.ts'

// Light on purpose: the page draws the demo wallet's panel at first paint, and the wallet's code
// (viem's accounts and signing, install-demo-wallet.ts) loads when it is first wanted.

export type DemoWalletLoader = {
  /** Installs the demo wallet (announced over EIP-6963) once, loading its code first. */
  load(): Promise<DemoProvider>
  /** The installed wallet, once loaded. */
  current(): DemoProvider | undefined
  subscribe(listener: () => void): () => void
  /** The configured name of a chain; undefined for one the config does not name. */
  chainName(chainId: number): string | undefined
}

/**
 * The demo wallet of this configuration, not loaded yet; undefined where it does not exist.
 *
 * @example const demoWallet = createDemoWalletLoader(config); await demoWallet?.load()
 */
export function createDemoWalletLoader(config: PublicConfig): DemoWalletLoader | undefined {
  if (!demoWalletAllowed(config)) return undefined
  let installing: Promise<DemoProvider> | undefined
  let installed: DemoProvider | undefined
  const listeners = new Set<() => void>()
  return {
    load() {
      installing ??= import('./install-demo-wallet.ts')
        .then(({ installDemoWallet }) => {
          installed = installDemoWallet(config)
          for (const listener of listeners) listener()
          return installed
        })
        .catch((error: unknown) => {
          installing = undefined
          throw error
        })
      return installing
    },
    current: () => installed,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    chainName: (chainId) => config.chains.find((chain) => chain.id === chainId)?.name,
  }
}
