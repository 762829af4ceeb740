/** EIP-6963 provider info: how a wallet names itself to the page. */
export type WalletInfo = { uuid: string; name: string; icon: `data:image/${string}`; rdns: string }

/**
 * Announces a provider over EIP-6963: once now, and again whenever the page asks
 * (`eip6963:requestProvider`). Returns a function that stops answering.
 *
 * @example const stop = announceProvider(window, { info, provider })
 */
export function announceProvider(
  target: Window,
  detail: { info: WalletInfo; provider: unknown },
): () => void {
  const frozen = Object.freeze({ info: Object.freeze({ ...detail.info }), provider: detail.provider })
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: frozen }))
  }
  announce()
  target.addEventListener('eip6963:requestProvider', announce)
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
