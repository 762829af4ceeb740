import { useSyncExternalStore } from 'react'
import { switchingUnsupportedStore, switchingUnsupportedText } from './switch-chain-support.ts'

/** Shown after the wallet refused a network switch requested by the app. */
export function SwitchingUnsupportedNotice({ appName }: { appName: string }) {
  const unsupported = useSyncExternalStore(switchingUnsupportedStore.subscribe, switchingUnsupportedStore.get)
  if (!unsupported) return null
  return (
    <div className="notice notice--warning" role="alert" data-testid="switching-unsupported">
      <p>{switchingUnsupportedText(appName)}</p>
      <div className="notice__actions">
        <button type="button" onClick={() => switchingUnsupportedStore.set(false)}>
          Dismiss
        </button>
      </div>
    </div>
  )
}
