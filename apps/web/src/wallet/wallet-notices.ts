import { MutationCache } from '@tanstack/react-query'
import { isSwitchingUnsupportedError } from './switch-chain-support.ts'
import { errorCode, type WalletErrorContext } from './wallet-error-text.ts'

/** A failed wallet request as it came, worded by the component in the page's language. */
export type WalletFailure = { error: unknown; context: WalletErrorContext }

/**
 * What went wrong with the last wallet request the app made through wagmi (connect, switch
 * network), for notices outside RainbowKit's dialogs. Fed by the react-query mutation cache, where
 * every wagmi mutation passes, including those RainbowKit starts.
 */
export type WalletNotices = {
  /** The last connection attempt failed (user rejection, a request already pending, …). */
  connectError?: WalletFailure
  /** The last network switch failed; `unsupported` when the wallet cannot switch at all. */
  switchError?: { unsupported: boolean; failure: WalletFailure }
  /**
   * The wallet rejected signing the sign-in message (RainbowKit shows nothing then). Still a text,
   * the catalogue's English `wallet.notices.signRejected`, for auth/SignInErrorNotice.tsx, which
   * shows it as it is; once that component translates the key itself this becomes a flag.
   */
  /** The wallet refused to sign the sign-in message (4001); shown as `wallet.notices.signRejected`. */
  signRejected?: boolean
}

let notices: WalletNotices = {}
const listeners = new Set<() => void>()

export const walletNoticesStore = {
  get: (): WalletNotices => notices,
  update(change: Partial<WalletNotices>): void {
    const next = { ...notices, ...change }
    for (const key of Object.keys(change) as (keyof WalletNotices)[])
      if (change[key] === undefined) delete next[key]
    notices = next
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

function mutationName(mutation: { options: { mutationKey?: readonly unknown[] } }): unknown {
  return mutation.options.mutationKey?.[0]
}

/** The wallet and chain a wagmi mutation was asked for (`connect({ connector })`, `switchChain({ chainId })`). */
function contextOf(variables: unknown): WalletErrorContext {
  const { connector, chainId } = (variables ?? {}) as { connector?: { name?: unknown }; chainId?: unknown }
  return {
    ...(typeof connector?.name === 'string' ? { walletName: connector.name } : {}),
    ...(typeof chainId === 'number' ? { chainId } : {}),
  }
}

/** A mutation cache that keeps {@link walletNoticesStore} up to date. */
export function createWalletNoticesCache(): MutationCache {
  return new MutationCache({
    onMutate(_variables, mutation) {
      const name = mutationName(mutation)
      if (name === 'connect') walletNoticesStore.update({ connectError: undefined })
      if (name === 'switchChain') walletNoticesStore.update({ switchError: undefined })
      if (name === 'signMessage') walletNoticesStore.update({ signRejected: undefined })
    },
    onError(error, variables, _context, mutation) {
      const name = mutationName(mutation)
      const failure: WalletFailure = { error, context: contextOf(variables) }
      if (name === 'connect') walletNoticesStore.update({ connectError: failure })
      if (name === 'switchChain') {
        const unsupported = isSwitchingUnsupportedError(error)
        walletNoticesStore.update({ switchError: { unsupported, failure } })
      }
      // RainbowKit's own text for this case; it shows it itself for every other signing failure.
      if (name === 'signMessage' && errorCode(error) === 4001) {
        walletNoticesStore.update({ signRejected: true })
      }
    },
  })
}
