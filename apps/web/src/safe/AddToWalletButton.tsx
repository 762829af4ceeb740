import type { TokenInfo } from '@signet/gateway/responses/balances'
import { useId } from 'react'
import { useTranslations } from 'use-intl'
import { useAccount, useWatchAsset } from 'wagmi'
import { errorText } from '../lib/error-text.ts'
import styles from './SafePages.module.css'
import { watchAssetRequest } from './watch-asset.ts'

/** "Add to wallet" for an ERC-20 balance: asks the connected wallet to track it (`wallet_watchAsset`). */
export function AddToWalletButton({ token }: { token: TokenInfo }) {
  const t = useTranslations()
  const { isConnected } = useAccount()
  const watch = useWatchAsset()
  const hintId = useId()
  const built = watchAssetRequest(token, t)
  if (token.type !== 'ERC20') return null
  const reason =
    'reason' in built ? built.reason : !isConnected ? t('safe.addToWallet.connectFirst') : undefined

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
        {watch.isPending ? t('safe.addToWallet.adding') : t('safe.addToWallet.add', { symbol: token.symbol })}
      </button>
      {reason && (
        <p id={hintId} className={styles.muted}>
          {reason}
        </p>
      )}
      {watch.isSuccess && (
        <p role="status" className={styles.muted}>
          {watch.data
            ? t('safe.addToWallet.added', { symbol: token.symbol })
            : t('safe.addToWallet.notAdded')}
        </p>
      )}
      {watch.isError && (
        // The wallet's (or viem's) own words: only the wallet knows what went wrong.
        <p role="alert" className={styles.error}>
          {errorText(t, watch.error)}
        </p>
      )}
    </div>
  )
}
