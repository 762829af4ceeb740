import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem'

/** A SafeMessage a co-owner is asked to confirm: `#/safe-message/<chainId>/<safe>/<messageHash>`. */
export type SafeMessageRoute = { chainId: number; safe: Address; messageHash: Hex }

const routePattern = /^#\/safe-message\/(\d{1,12})\/(0x[0-9a-fA-F]{40})\/(0x[0-9a-fA-F]{64})\/?$/

/**
 * The link co-owners open in Signet to review and confirm the message (any page of this app, same origin).
 *
 * @example signetConfirmLink('https://signet.example/', { chainId: 1, safe, messageHash })
 * // 'https://signet.example/#/safe-message/1/0x…/0x…'
 */
export function signetConfirmLink(appUrl: string, route: SafeMessageRoute): string {
  const url = new URL(appUrl)
  url.search = ''
  url.hash = `/safe-message/${route.chainId}/${getAddress(route.safe)}/${route.messageHash.toLowerCase()}`
  return url.toString()
}

/** Reads a confirm link's hash; undefined for any other location hash. */
export function parseSafeMessageRoute(hash: string): SafeMessageRoute | undefined {
  const match = routePattern.exec(hash)
  if (!match) return undefined
  const [, chainId, safe, messageHash] = match
  const id = Number(chainId)
  if (!(id > 0) || !safe || !isAddress(safe, { strict: false }) || !messageHash || !isHex(messageHash))
    return undefined
  return { chainId: id, safe: getAddress(safe), messageHash: messageHash.toLowerCase() as Hex }
}

/**
 * The same message in Safe{Wallet} (Transactions → Messages), where owners can confirm it too.
 * `chainShortName` is the chain's EIP-3770 short name as the gateway's chain config gives it (`eth`, `gno`…).
 *
 * @example safeWalletMessageLink('eth', safe, messageHash)
 * // 'https://app.safe.global/transactions/msg?safe=eth:0x…&messageHash=0x…'
 */
export function safeWalletMessageLink(chainShortName: string, safe: Address, messageHash: Hex): string {
  return `https://app.safe.global/transactions/msg?safe=${encodeURIComponent(chainShortName)}:${getAddress(safe)}&messageHash=${messageHash.toLowerCase()}`
}
