import type { Translate } from '../i18n/translate.ts'

/**
 * wagmi 2 gives every connector a `switchChain`, so RainbowKit 2 no longer shows its "cannot
 * switch" text; a wallet that refuses `wallet_switchEthereumChain` only surfaces as a failed
 * switch. This tells that failure apart from a rejection or an unknown chain.
 */
const cannotSwitchCodes = new Set([-32601, 4200])

/** True when the error says the wallet cannot switch networks at a site's request. */
export function isSwitchingUnsupportedError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as { name?: unknown; code?: unknown; cause?: unknown }
    if (candidate.name === 'SwitchChainNotSupportedError') return true
    if (typeof candidate.code === 'number' && cannotSwitchCodes.has(candidate.code)) return true
    current = candidate.cause
  }
  return false
}

/** RainbowKit's own wording (`chains.switching_not_supported`), with the configured app name. */
export function switchingUnsupportedText(t: Translate, appName: string): string {
  return t('wallet.errors.switchingUnsupported', { appName })
}
