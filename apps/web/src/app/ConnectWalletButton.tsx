import type { CSSProperties, Ref } from 'react'
import { useTranslations } from 'use-intl'
import type { ConnectButtonLook } from '../wallet/connect-button-look.ts'

export type ConnectWalletButtonProps = {
  look: ConnectButtonLook
  /** Activated before the dialog's code is here: it opens once loaded, meanwhile the button is busy. */
  busy: boolean
  /** A sign that the user may click soon (pointer over it, focus, a touch): time to load. */
  onIntent: () => void
  onActivate: () => void
  ref?: Ref<HTMLButtonElement>
}

/**
 * The "Connect Wallet" button of the first paint: RainbowKit's look (accent, radius, light and
 * dark) with none of its code. RainbowKit's own button takes its place once loaded.
 */
export function ConnectWalletButton({ look, busy, onIntent, onActivate, ref }: ConnectWalletButtonProps) {
  const t = useTranslations('app')
  const style = {
    '--connect-light-bg': look.light.background,
    '--connect-light-fg': look.light.foreground,
    '--connect-dark-bg': look.dark.background,
    '--connect-dark-fg': look.dark.foreground,
    '--connect-radius': look.radius,
  } as CSSProperties
  return (
    <button
      ref={ref}
      type="button"
      className="connect-wallet"
      data-testid="connect-wallet-button"
      style={style}
      aria-busy={busy}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      onClick={onActivate}
    >
      {t('connectWallet')}
    </button>
  )
}
