import type { TokenInfo } from '@signet/gateway/responses/balances'
import type { Translate } from '../i18n/translate.ts'

/** What `wallet_watchAsset` (EIP-747) takes for an ERC-20. */
export type WatchAssetRequest = {
  type: 'ERC20'
  options: { address: string; symbol: string; decimals: number; image?: string }
}

/**
 * The `wallet_watchAsset` request for a balance's token, or why there is none: only ERC-20 tokens can
 * be added, and wallets refuse symbols longer than 11 characters (EIP-747).
 */
export function watchAssetRequest(
  token: TokenInfo,
  t: Translate,
): { request: WatchAssetRequest } | { reason: string } {
  if (token.type !== 'ERC20') return { reason: t('safe.addToWallet.onlyErc20') }
  if (token.symbol.length === 0 || token.symbol.length > 11) {
    return { reason: t('safe.addToWallet.symbolLength', { symbol: token.symbol }) }
  }
  return {
    request: {
      type: 'ERC20',
      options: {
        address: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        ...(/^https:\/\//.test(token.logoUri) ? { image: token.logoUri } : {}),
      },
    },
  }
}
