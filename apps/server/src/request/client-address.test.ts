import { describe, expect, it } from 'vitest'
import { clientAddress, trustedProxyList } from './client-address.ts'

describe('clientAddress', () => {
  const trusted = trustedProxyList(['10.0.0.0/8', '::1', '192.0.2.1'])

  it.each([
    ['no trusted proxy: the peer', '10.0.0.2', '203.0.113.5', undefined, '10.0.0.2'],
    ['untrusted peer: the peer', '198.51.100.1', '203.0.113.5', trusted, '198.51.100.1'],
    ['trusted peer: the address it appended', '10.0.0.2', '203.0.113.5', trusted, '203.0.113.5'],
    ['IPv4-mapped trusted peer', '::ffff:10.1.2.3', '203.0.113.5', trusted, '203.0.113.5'],
    ['IPv6 trusted peer', '::1', '2001:db8::7', trusted, '2001:db8::7'],
    [
      'a chain of trusted proxies',
      '10.0.0.2',
      '1.1.1.1, 203.0.113.5, 192.0.2.1, 10.9.9.9',
      trusted,
      '203.0.113.5',
    ],
    ['only trusted hops: the first', '10.0.0.2', '10.0.0.3, 10.0.0.4', trusted, '10.0.0.3'],
    [
      'garbage from the proxy: the last trusted hop',
      '10.0.0.2',
      '203.0.113.5, nonsense',
      trusted,
      '10.0.0.2',
    ],
    ['no header: the peer', '10.0.0.2', undefined, trusted, '10.0.0.2'],
  ] as const)('%s', (_name, peer, forwardedFor, list, expected) => {
    expect(clientAddress(peer, forwardedFor, list)).toBe(expected)
  })

  it('names no address when there is no socket', () => {
    expect(clientAddress(undefined, '203.0.113.5', trusted)).toBe('unknown')
    expect(trustedProxyList([])).toBeUndefined()
  })
})
