import { describe, expect, it } from 'vitest'
import { isAuthority, isScheme, isUri } from './uri.ts'

describe('isUri (RFC 3986 URI)', () => {
  it('accepts absolute URIs of every hier-part form', () => {
    for (const uri of [
      'https://example.org',
      'https://user:pw@example.org:8443/a/b;c=d?x=1&y=%20#frag/ment?',
      'https://[::cafe]',
      'https://[2001:db8::7]:4361/x',
      'https://[v1.fe80::a+en1]/',
      'http://127.0.0.1:4361/?query=one#begin',
      'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      'urn:isbn:0451450523',
      'mailto:someone@example.org',
      'did:pkh:eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'file:///etc/hosts',
      'a:',
    ]) {
      expect(isUri(uri), uri).toBe(true)
    }
  })

  it('rejects relative references, bad characters and broken escapes', () => {
    for (const uri of [
      ':not_a_rfc3986_valid_uri_',
      '//example.org/path',
      '/path',
      'example.org',
      '1https://example.org',
      'https://exa mple.org',
      'https://example.org/%zz',
      'https://example.org/%2',
      'https://example.org/a"b',
      'https://[::cafe',
      'https://[12345::]',
      'https://example.org:80a/',
      '',
    ]) {
      expect(isUri(uri), uri).toBe(false)
    }
  })
})

describe('isAuthority (SIWE domain)', () => {
  it('accepts host, IPv4, IPv6, userinfo and port', () => {
    for (const authority of [
      'service.org',
      '127.0.0.1',
      'localhost:8080',
      'test@127.0.0.1:8080',
      '[::cafe]',
      'a:b@x',
    ]) {
      expect(isAuthority(authority), authority).toBe(true)
    }
  })

  it('rejects an empty host and characters outside the grammar', () => {
    for (const authority of [
      '',
      ':8080',
      'user@',
      'user@:80',
      '#notrfc4501',
      'a/b',
      'exa mple.org',
      '[::cafe',
    ]) {
      expect(isAuthority(authority), authority).toBe(false)
    }
  })
})

describe('isScheme', () => {
  it('is a letter followed by letters, digits, + - .', () => {
    expect(isScheme('https')).toBe(true)
    expect(isScheme('web+x.y-z')).toBe(true)
    expect(isScheme('1http')).toBe(false)
    expect(isScheme('')).toBe(false)
  })
})
