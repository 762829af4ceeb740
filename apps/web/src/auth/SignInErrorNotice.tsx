import { useSyncExternalStore } from 'react'
import { walletNoticesStore } from '../wallet/wallet-notices.ts'

/**
 * RainbowKit returns silently to "Sign message" when the wallet rejects the signature; SPEC §2
 * wants "Error signing message, please retry!" then too. Shown above RainbowKit's dialog.
 */
export function SignInErrorNotice() {
  const { signError } = useSyncExternalStore(walletNoticesStore.subscribe, walletNoticesStore.get)
  if (!signError) return null
  return (
    <div className="toast" role="alert" data-testid="sign-error">
      <p>{signError}</p>
      <button type="button" onClick={() => walletNoticesStore.update({ signError: undefined })}>
        Dismiss
      </button>
    </div>
  )
}
