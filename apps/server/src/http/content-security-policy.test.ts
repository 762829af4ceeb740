import { describe, expect, it } from 'vitest'
import { type ContentSecurityPolicyOptions, contentSecurityPolicy } from './content-security-policy.ts'

const base: ContentSecurityPolicyOptions = {
  safeHosts: ['https://app.safe.global'],
  rpcUrls: ['https://eth.example/v2/key', 'wss://eth.example/ws', 'http://127.0.0.1:8545'],
  gatewayUrl: 'https://safe-client.safe.global',
  walletIds: ['metaMask', 'rainbow'],
  reportPath: '/api/csp-report',
}

/** The policy as directive → sources. */
function directives(options: ContentSecurityPolicyOptions): Record<string, string[]> {
  return Object.fromEntries(
    contentSecurityPolicy(options)
      .split('; ')
      .map((directive) => {
        const [name, ...sources] = directive.split(' ')
        return [name as string, sources]
      }),
  )
}

describe('contentSecurityPolicy', () => {
  it('runs only Signet’s own scripts and talks only to the configured RPCs and gateway', () => {
    expect(directives(base)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:'],
      'font-src': ["'self'"],
      'connect-src': [
        "'self'",
        'https://eth.example',
        'wss://eth.example',
        'http://127.0.0.1:8545',
        'https://safe-client.safe.global',
      ],
      'frame-src': ["'none'"],
      'worker-src': ["'none'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'", 'https://app.safe.global'],
      'report-uri': ['/api/csp-report'],
    })
  })

  it('never allows inline or evaluated script', () => {
    const policy = contentSecurityPolicy({ ...base, walletConnect: {}, walletIds: ['coinbase'] })
    expect(policy).not.toMatch(/unsafe-eval|unsafe-hashes|'nonce-|'sha256-/)
    expect(directives(base)['script-src']).toEqual(["'self'"])
  })

  it('with WalletConnect on, allows its relay, its services and its Verify frame', () => {
    const on = directives({ ...base, walletConnect: {} })
    expect(on['connect-src']).toEqual(
      expect.arrayContaining([
        'wss://relay.walletconnect.org',
        'wss://relay.walletconnect.com',
        'https://rpc.walletconnect.org',
        'https://verify.walletconnect.org',
        'https://pulse.walletconnect.org',
      ]),
    )
    expect(on['frame-src']).toEqual(['https://verify.walletconnect.org', 'https://verify.walletconnect.com'])
    const ownRelay = directives({ ...base, walletConnect: { relayUrl: 'ws://127.0.0.1:4001/relay' } })
    expect(ownRelay['connect-src']).toContain('ws://127.0.0.1:4001')
    expect(ownRelay['connect-src']).not.toContain('wss://relay.walletconnect.org')
  })

  it('allows Coinbase Wallet’s services only when the dialog offers it', () => {
    expect(directives(base)['connect-src']).not.toContain('https://cca-lite.coinbase.com')
    expect(directives({ ...base, walletIds: ['coinbase'] })['connect-src']).toContain(
      'https://cca-lite.coinbase.com',
    )
  })

  it('lets forms go to the registered redirect URIs’ origins, and lists each source once', () => {
    const policy = directives({
      ...base,
      rpcUrls: ['https://eth.example/a', 'https://eth.example/b'],
      formActions: ['https://app.example/callback', 'https://app.example/other'],
    })
    expect(policy['form-action']).toEqual(["'self'", 'https://app.example'])
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://eth.example',
      'https://safe-client.safe.global',
    ])
  })
})
