import { useSyncExternalStore } from 'react'
import { useAccount } from 'wagmi'
import { switchingUnsupportedText } from './switch-chain-support.ts'
import { walletNoticesStore } from './wallet-notices.ts'

/** Why the last connection attempt failed; shown while not connected. */
export function ConnectErrorNotice() {
  const { connectError } = useSyncExternalStore(walletNoticesStore.subscribe, walletNoticesStore.get)
  const { isConnected } = useAccount()
  if (!connectError || isConnected) return null
  return (
    <div className="notice notice--warning" role="alert" data-testid="connect-error">
      <p>Connection failed: {connectError}</p>
      <div className="notice__actions">
        <button type="button" onClick={() => walletNoticesStore.update({ connectError: undefined })}>
          Dismiss
        </button>
      </div>
    </div>
  )
}

/** Why the last network switch failed, with RainbowKit's text for a wallet that cannot switch. */
export function SwitchErrorNotice({ appName }: { appName: string }) {
  const { switchError } = useSyncExternalStore(walletNoticesStore.subscribe, walletNoticesStore.get)
  if (!switchError) return null
  return (
    <div className="notice notice--warning" role="alert" data-testid="switch-error">
      <p>
        {switchError.unsupported
          ? switchingUnsupportedText(appName)
          : `Network not switched: ${switchError.message}`}
      </p>
      <div className="notice__actions">
        <button type="button" onClick={() => walletNoticesStore.update({ switchError: undefined })}>
          Dismiss
        </button>
      </div>
    </div>
  )
}
