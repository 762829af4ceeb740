import { MutationObserver, QueryClient } from '@tanstack/react-query'
import type { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectMutationOptions, switchChainMutationOptions } from 'wagmi/query'
import { extensionWalletConfig } from './extension-wallet-config.test-support.ts'
import { createWalletNoticesCache, walletNoticesStore } from './wallet-notices.ts'

/** wagmi with one extension wallet whose provider has gone (removed or disabled after load). */
const missingWallet = () => extensionWalletConfig(undefined)

describe('wallet notices', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    walletNoticesStore.update({ connectError: undefined, switchError: undefined })
  })

  it('names the wallet that was not found when connecting fails', async () => {
    const config = missingWallet()
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    const queryClient = new QueryClient({ mutationCache: createWalletNoticesCache() })
    await new MutationObserver(queryClient, connectMutationOptions(config))
      .mutate({ connector })
      .catch(() => {})
    expect(walletNoticesStore.get().connectError).toBe(
      'Rabby Wallet was not found in this browser. Install or enable it, then reload the page.',
    )
  })

  it('names the chain the app does not offer when switching fails', async () => {
    const queryClient = new QueryClient({ mutationCache: createWalletNoticesCache() })
    const observer = new MutationObserver(queryClient, switchChainMutationOptions(missingWallet()))
    // A chain outside the config (the types allow only configured ones; an id from a link would not be).
    await observer.mutate({ chainId: 4242 } as unknown as { chainId: typeof mainnet.id }).catch(() => {})
    expect(walletNoticesStore.get().switchError).toEqual({
      unsupported: false,
      message: 'This app does not offer chain 4242.',
    })
  })
})
