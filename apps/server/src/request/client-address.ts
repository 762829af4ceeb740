import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address for per-client limits. Without trusted proxies it is the socket's peer and
 * `X-Forwarded-For` is ignored (anyone can write it). With them, and only when the peer is one of them,
 * the header is walked from the right — each trusted proxy appends the address it saw — and the first
 * address that is not a trusted proxy is the client; what the client itself wrote further left is never
 * reached. This is Express's `trust proxy` with a list of addresses.
 *
 * @example clientAddress('10.0.0.2', '198.51.100.7, 203.0.113.9', trusted(['10.0.0.0/8'])) // '203.0.113.9'
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: BlockList | undefined,
): string {
  if (peer === undefined) return 'unknown'
  if (!trustedProxies || forwardedFor === undefined || !isTrusted(peer, trustedProxies)) return peer
  const hops = forwardedFor.split(',').map((hop) => hop.trim())
  let client = peer
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? ''
    // A trusted proxy writes addresses; anything else (empty, garbage) ends the walk at the last good one.
    if (isIP(hop) === 0) return client
    client = hop
    if (!isTrusted(hop, trustedProxies)) return hop
  }
  return client
}

/** The trusted proxies (addresses and CIDR ranges, as `SIGNET_TRUST_PROXY` lists them) as a matcher. */
export function trustedProxyList(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
}

/** The client address of a request served by @hono/node-server (see {@link clientAddress}). */
export function requestClientAddress(c: Context, trustedProxies: BlockList | undefined): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    // Not served from a socket (app.request in tests).
    peer = undefined
  }
  return clientAddress(peer, c.req.header('x-forwarded-for'), trustedProxies)
}

function isTrusted(address: string, list: BlockList): boolean {
  if (isIP(address) === 0) return false
  // BlockList matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against IPv4 entries when asked as ipv6.
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
}
