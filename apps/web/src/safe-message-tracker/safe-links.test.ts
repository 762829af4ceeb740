import { describe, expect, it } from 'vitest'
import { parseSafeMessageRoute, safeWalletMessageLink, signetConfirmLink } from './safe-links.ts'

const safe = '0xA4899D35897033b927acFCf422bc745916139776'
const messageHash = '0x8A3E4E5c8b4ea5a0b0bd9b0ac0f8c0d5e2f1a6b7c8d9e0f1a2b3c4d5e6f7a8b9'

describe('confirm links', () => {
  it('builds the Signet link on the page’s origin and path, dropping query and hash', () => {
    const link = signetConfirmLink('http://localhost:8787/app/?accent=red#/safe/1/x', {
      chainId: 31337,
      safe: safe.toLowerCase() as `0x${string}`,
      messageHash,
    })
    expect(link).toBe(`http://localhost:8787/app/#/safe-message/31337/${safe}/${messageHash.toLowerCase()}`)
    expect(parseSafeMessageRoute(new URL(link).hash)).toEqual({
      chainId: 31337,
      safe,
      messageHash: messageHash.toLowerCase(),
    })
  })

  it('reads only well-formed confirm hashes', () => {
    expect(parseSafeMessageRoute(`#/safe-message/1/${safe}/${messageHash}/`)?.chainId).toBe(1)
    for (const hash of [
      '',
      '#/safe/1/0xA4899D35897033b927acFCf422bc745916139776',
      `#/safe-message/0/${safe}/${messageHash}`,
      `#/safe-message/1/${safe.slice(0, -1)}/${messageHash}`,
      `#/safe-message/1/${safe}/${messageHash.slice(0, -2)}`,
      `#/safe-message/x/${safe}/${messageHash}`,
    ]) {
      expect(parseSafeMessageRoute(hash)).toBeUndefined()
    }
  })

  it('builds the Safe{Wallet} message link with the chain’s short name', () => {
    expect(safeWalletMessageLink('eth', safe.toLowerCase() as `0x${string}`, messageHash)).toBe(
      `https://app.safe.global/transactions/msg?safe=eth:${safe}&messageHash=${messageHash.toLowerCase()}`,
    )
  })
})
