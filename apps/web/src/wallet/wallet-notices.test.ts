import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { createTranslator } from 'use-intl'
import type { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectMutationOptions, switchChainMutationOptions } from 'wagmi/query'
import { englishMessages } from '../i18n/catalogue.ts'
import { extensionWalletConfig } from './extension-wallet-config.test-support.ts'
import { describeWalletError } from './wallet-error-text.ts'
import { createWalletNoticesCache, type WalletFailure, walletNoticesStore } from './wallet-notices.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })
const text = (failure: WalletFailure | undefined) =>
  failure && describeWalletError(failure.error, failure.context, t)

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
    expect(text(walletNoticesStore.get().connectError)).toBe(
      'Rabby Wallet was not found in this browser. Install or enable it, then reload the page.',
    )
  })

  it('names the chain the app does not offer when switching fails', async () => {
    const queryClient = new QueryClient({ mutationCache: createWalletNoticesCache() })
    const observer = new MutationObserver(queryClient, switchChainMutationOptions(missingWallet()))
    // A chain outside the config (the types allow only configured ones; an id from a link would not be).
    await observer.mutate({ chainId: 4242 } as unknown as { chainId: typeof mainnet.id }).catch(() => {})
    const switchError = walletNoticesStore.get().switchError
    expect(switchError?.unsupported).toBe(false)
    expect(text(switchError?.failure)).toBe('This app does not offer chain 4242.')
  })
})
