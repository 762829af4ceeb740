import type { EIP1193Provider } from 'viem'
import { mainnet } from 'viem/chains'
import { vi } from 'vitest'
import { type Config, createConfig, createStorage, http } from 'wagmi'
import { injected } from 'wagmi/connectors'
import { MemoryStorage } from '../lib/framing.ts'

/**
 * For tests: wagmi with one extension wallet (Rabby), read from the page's `window.ethereum` when used
 * (as wagmi's injected connector does); `installed` puts it there or leaves it out. Stubs `window`:
 * call `vi.unstubAllGlobals()` after each test.
 */
export function extensionWalletConfig(installed: EIP1193Provider | undefined): Config {
  vi.stubGlobal('window', installed ? { ethereum: installed } : {})
  return createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http('http://127.0.0.1:9') },
    connectors: [
      injected({
        target: () => ({
          id: 'rabby',
          name: 'Rabby Wallet',
          provider: (window) => (window as { ethereum?: EIP1193Provider } | undefined)?.ethereum,
        }),
      }),
    ],
    storage: createStorage({ storage: new MemoryStorage() }),
    multiInjectedProviderDiscovery: false,
  })
}
