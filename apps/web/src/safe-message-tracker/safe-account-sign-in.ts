import type { Address } from 'viem'
import { errorText, SafeSignInError } from './safe-sign-in-error.ts'
import type { SafeSignInTracker } from './safe-sign-in-tracker.ts'
import { classifySafeWalletAnswer } from './safe-wallet-answer.ts'

/**
 * Signing in as the connected Safe, whatever its wallet answers (Safe{Wallet} over WalletConnect, an
 * injected wallet that presents a Safe…): the tracker holds the message and watches from before the
 * wallet is asked through `sign`. A signature that verifies signs in at once; anything else (`0x`, a closed
 * dialog, an expired request, silence) leaves it to the watch.
 *
 * @example await signInAsConnectedSafe(tracker, { safe, chainId, version: '1.4.1', nonce, chainName }, sign)
 */
export function signInAsConnectedSafe(
  tracker: SafeSignInTracker,
  request: { safe: Address; chainId: number; version: string; nonce: string; chainName: string },
  sign: (message: string) => Promise<unknown>,
): Promise<void> {
  const { safe, chainId, version, nonce, chainName } = request
  return tracker.start(
    { safe, chainId },
    (hold) =>
      hold({ version, nonce, extra: {} }).catch((error: unknown) => {
        throw new SafeSignInError(
          'SIGN_IN_UNAVAILABLE',
          { key: 'couldNotStart', values: { reason: errorText(error) } },
          { cause: error },
        )
      }),
    async (message) => {
      try {
        return classifySafeWalletAnswer({ result: await sign(message) }, { chainId, chainName })
      } catch (error) {
        return classifySafeWalletAnswer({ error }, { chainId, chainName })
      }
    },
  )
}

/** The connected Safe has no code on this chain yet: nothing can sign for it; say what to do. */
export function safeNotDeployed(tracker: SafeSignInTracker, chainName: string): void {
  tracker.fail(new SafeSignInError('SAFE_NOT_DEPLOYED', { key: 'notDeployed', values: { chainName } }))
}
