import type { Translate } from '../i18n/translate.ts'

/**
 * The name a Safe sign-in text gives a chain ("… on {chainName}"): the configured chain's name, or
 * "chain 100" for a chain the config does not name (a link or a stored sign-in can carry any id).
 */
export function safeChainName(
  t: Translate,
  chains: readonly { id: number; name: string }[],
  chainId: number,
): string {
  return chains.find((chain) => chain.id === chainId)?.name ?? t('safeTracker.chainFallback', { chainId })
}
