import type { TokenInfo } from '@signet/gateway/responses/balances'
import { useId } from 'react'
import { useAccount, useWatchAsset } from 'wagmi'
import styles from './SafePages.module.css'
import { watchAssetRequest } from './watch-asset.ts'

/** "Add to wallet" for an ERC-20 balance: asks the connected wallet to track it (`wallet_watchAsset`). */
export function AddToWalletButton({ token }: { token: TokenInfo }) {
  const { isConnected } = useAccount()
  const watch = useWatchAsset()
  const hintId = useId()
  const built = watchAssetRequest(token)
  if (token.type !== 'ERC20') return null
  const reason =
    'reason' in built ? built.reason : !isConnected ? 'Connect a wallet to add tokens to it' : undefined

  return (
    <div>
      <button
        type="button"
        disabled={reason !== undefined || watch.isPending}
        aria-describedby={reason ? hintId : undefined}
        onClick={() => {
          if ('request' in built) watch.watchAsset(built.request)
        }}
      >
        {watch.isPending ? 'Adding…' : `Add ${token.symbol} to wallet`}
      </button>
      {reason && (
        <p id={hintId} className={styles.muted}>
          {reason}
        </p>
      )}
      {watch.isSuccess && (
        <p role="status" className={styles.muted}>
          {watch.data ? `${token.symbol} added to your wallet` : 'The wallet did not add the token'}
        </p>
      )}
      {watch.isError && (
        <p role="alert" className={styles.error}>
          {'shortMessage' in watch.error ? watch.error.shortMessage : watch.error.message}
        </p>
      )}
    </div>
  )
}
