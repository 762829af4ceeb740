import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { watchAssetRequest } from './watch-asset.ts'

const token = {
  type: 'ERC20' as const,
  address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as const,
  decimals: 6,
  symbol: 'TUSD',
  name: 'Test USD',
  logoUri: 'https://example.org/tusd.png',
}

const t = createTranslator({ locale: 'en', messages: englishMessages })

describe('watchAssetRequest', () => {
  it('builds the EIP-747 request of an ERC-20', () => {
    expect(watchAssetRequest(token, t)).toEqual({
      request: {
        type: 'ERC20',
        options: {
          address: token.address,
          symbol: 'TUSD',
          decimals: 6,
          image: 'https://example.org/tusd.png',
        },
      },
    })
    expect(watchAssetRequest({ ...token, logoUri: '' }, t)).toEqual({
      request: { type: 'ERC20', options: { address: token.address, symbol: 'TUSD', decimals: 6 } },
    })
  })

  it('explains why other tokens cannot be added', () => {
    expect(watchAssetRequest({ ...token, type: 'NATIVE_TOKEN' }, t)).toEqual({
      reason: 'Only ERC-20 tokens can be added to a wallet',
    })
    expect(watchAssetRequest({ ...token, symbol: 'TWELVELETTER' }, t)).toEqual({
      reason: 'The symbol "TWELVELETTER" is not 1 to 11 characters long, which wallets require',
    })
  })
})
