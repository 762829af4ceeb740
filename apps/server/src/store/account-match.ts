import { getAddress, isAddress } from 'viem'

/**
 * An account as an operator names it: an address (that address on every chain) or a CAIP-10 account id
 * `eip155:<chainId>:<address>` (that chain only). The address is kept in its EIP-55 form, as the store
 * writes it.
 */
export type AccountMatch = { address: string; chainId?: number }

const caip10 = /^eip155:([1-9]\d{0,15}):(0x[0-9a-fA-F]{40})$/

/**
 * Reads `0x…` or `eip155:<chainId>:0x…` (any letter case); undefined for anything else.
 *
 * @example parseAccountMatch('eip155:1:0xa3b8…') // { address: '0xA3B8…', chainId: 1 }
 */
export function parseAccountMatch(text: string): AccountMatch | undefined {
  const trimmed = text.trim()
  const account = caip10.exec(trimmed)
  if (account?.[1] && account[2]) {
    const chainId = Number(account[1])
    if (!Number.isSafeInteger(chainId)) return undefined
    return { address: getAddress(account[2].toLowerCase()), chainId }
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed) && isAddress(trimmed.toLowerCase()))
    return { address: getAddress(trimmed.toLowerCase()) }
  return undefined
}

/**
 * The condition on a CAIP-10 column: equal to the chain's account id, or for a match without chain LIKE
 * `eip155:%:<address>` (an address holds no LIKE wildcard).
 *
 * @example db.selectFrom('audit_events').where('account', operator, value)
 */
export function accountIdCondition(match: AccountMatch): { operator: '=' | 'like'; value: string } {
  return match.chainId === undefined
    ? { operator: 'like', value: `eip155:%:${match.address}` }
    : { operator: '=', value: `eip155:${match.chainId}:${match.address}` }
}

/** How the match is written back to the operator. */
export function describeAccountMatch(match: AccountMatch): string {
  return match.chainId === undefined
    ? `${match.address} (every chain)`
    : `eip155:${match.chainId}:${match.address}`
}

/** The CAIP-10 account id of an address on a chain. */
export function caip10AccountId(chainId: number, address: string): string {
  return `eip155:${chainId}:${getAddress(address)}`
}
