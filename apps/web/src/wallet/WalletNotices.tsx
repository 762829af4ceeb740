import { useSyncExternalStore } from 'react'
import { useTranslations } from 'use-intl'
import { useAccount } from 'wagmi'
import { switchingUnsupportedText } from './switch-chain-support.ts'
import { describeWalletError } from './wallet-error-text.ts'
import { walletNoticesStore } from './wallet-notices.ts'

/** Why the last connection attempt failed; shown while not connected. */
export function ConnectErrorNotice() {
  const t = useTranslations()
  const { connectError } = useSyncExternalStore(walletNoticesStore.subscribe, walletNoticesStore.get)
  const { isConnected } = useAccount()
  if (!connectError || isConnected) return null
  const reason = describeWalletError(connectError.error, connectError.context, t)
  return (
    <div className="notice notice--warning" role="alert" data-testid="connect-error">
      <p>{t('wallet.notices.connectFailed', { reason })}</p>
      <div className="notice__actions">
        <button type="button" onClick={() => walletNoticesStore.update({ connectError: undefined })}>
          {t('wallet.notices.dismiss')}
        </button>
      </div>
    </div>
  )
}

/** Why the last network switch failed, with RainbowKit's text for a wallet that cannot switch. */
export function SwitchErrorNotice({ appName }: { appName: string }) {
  const t = useTranslations()
  const { switchError } = useSyncExternalStore(walletNoticesStore.subscribe, walletNoticesStore.get)
  if (!switchError) return null
  const { error, context } = switchError.failure
  return (
    <div className="notice notice--warning" role="alert" data-testid="switch-error">
      <p>
        {switchError.unsupported
          ? switchingUnsupportedText(t, appName)
          : t('wallet.notices.networkNotSwitched', { reason: describeWalletError(error, context, t) })}
      </p>
      <div className="notice__actions">
        <button type="button" onClick={() => walletNoticesStore.update({ switchError: undefined })}>
          {t('wallet.notices.dismiss')}
        </button>
      </div>
    </div>
  )
}
