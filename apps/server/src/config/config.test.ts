import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, signInDomain, withLocalChain } from './config.ts'
import { parseDuration } from './duration.ts'
import { toPublicConfig } from './public-config.ts'

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment (demo mode, local chain)', () => {
    const config = loadConfig({}, '/srv/signet')
    expect(config).toMatchObject({
      mode: 'demo',
      port: 8787,
      host: '127.0.0.1',
      origin: undefined,
      startLocalChain: true,
      database: { kind: 'sqlite', path: '/srv/signet/data/signet.sqlite' },
      gatewayUrl: undefined,
      safeHosts: ['https://app.safe.global'],
      walletConnectProjectId: undefined,
      walletConnectRelayUrl: undefined,
      appName: 'Signet',
      sessionTtlMs: 86_400_000,
      nonceTtlMs: 600_000,
      rateLimit: { enabled: true },
      theme: { accent: 'blue', radius: 'large', mode: 'system' },
    })
    expect(config.chains.map((chain) => chain.id)).toEqual([1, 100, 11155111])
    expect(withLocalChain(config, 'http://127.0.0.1:9545').chains.map((chain) => chain.id)).toEqual([
      1, 100, 11155111, 31337,
    ])
  })

  it('enables a chain per SIGNET_RPC_<id> with comma-separated fallbacks, and leaves demo mode', () => {
    const config = loadConfig({
      SIGNET_RPC_31337: 'http://127.0.0.1:8545, ws://127.0.0.1:8546',
      SIGNET_RPC_1: 'https://mainnet.example',
      SIGNET_RPC_8453: 'https://base.example',
    })
    expect(config.mode).toBe('production')
    expect(config.startLocalChain).toBe(false)
    expect(config.chains.map((chain) => [chain.id, chain.rpcUrls])).toEqual([
      [1, ['https://mainnet.example']],
      [100, ['https://rpc.gnosischain.com']],
      [11155111, ['https://ethereum-sepolia-rpc.publicnode.com', 'https://rpc.sepolia.org']],
      [31337, ['http://127.0.0.1:8545', 'ws://127.0.0.1:8546']],
      [8453, ['https://base.example']],
    ])
  })

  it('sets or overrides a chain’s block explorer per SIGNET_EXPLORER_<id>', () => {
    const config = loadConfig({
      SIGNET_RPC_8453: 'https://base.example',
      SIGNET_RPC_1: 'https://mainnet.example',
      SIGNET_EXPLORER_8453: 'https://basescan.example/',
      SIGNET_EXPLORER_1: 'https://explorer.example/mainnet',
    })
    expect(config.chains.map((chain) => [chain.id, chain.blockExplorerUrl])).toEqual([
      [1, 'https://explorer.example/mainnet'],
      [100, 'https://gnosisscan.io'],
      [11155111, 'https://sepolia.etherscan.io'],
      [8453, 'https://basescan.example'],
    ])
    expect(config.explorerUrls).toEqual({
      1: 'https://explorer.example/mainnet',
      8453: 'https://basescan.example',
    })
    // A chain only RPC-enabled has no explorer until one is set.
    expect(loadConfig({ SIGNET_RPC_8453: 'https://base.example' }).chains.at(-1)?.blockExplorerUrl).toBe(
      undefined,
    )
  })

  it('keeps the explorer of the local chain, which is added once started (demo mode)', () => {
    const config = loadConfig({ SIGNET_EXPLORER_31337: 'http://127.0.0.1:4000' })
    expect(config.chains.map((chain) => chain.id)).toEqual([1, 100, 11155111])
    const local = withLocalChain(config, 'http://127.0.0.1:9545').chains.at(-1)
    expect(local).toMatchObject({ id: 31337, blockExplorerUrl: 'http://127.0.0.1:4000' })
    expect(withLocalChain(loadConfig({}), 'http://127.0.0.1:9545').chains.at(-1)?.blockExplorerUrl).toBe(
      undefined,
    )
  })

  it('reads Postgres and SQLite database settings', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/signet' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/signet',
    })
    expect(loadConfig({ DATABASE_URL: 'state/s.db' }, '/app').database).toEqual({
      kind: 'sqlite',
      path: '/app/state/s.db',
    })
  })

  it('parses wallet groups, theme, ttl and origin', () => {
    const config = loadConfig({
      SIGNET_WALLET_GROUPS: 'Popular: metaMask, rainbow;More:ledger',
      SIGNET_THEME_ACCENT: 'pink',
      SIGNET_THEME_RADIUS: 'none',
      SIGNET_THEME_MODE: 'dark',
      SIGNET_LOCALE: 'zh-TW',
      SIGNET_SESSION_TTL: '30m',
      SIGNET_ORIGIN: 'https://signet.example.com',
      SIGNET_SAFE_HOSTS: 'https://app.safe.global,http://localhost:3000',
    })
    expect(config.walletGroups).toEqual([
      { groupName: 'Popular', wallets: ['metaMask', 'rainbow'] },
      { groupName: 'More', wallets: ['ledger'] },
    ])
    expect(config.theme).toEqual({ accent: 'pink', radius: 'none', mode: 'dark' })
    expect(config.locale).toBe('zh-TW')
    expect(config.sessionTtlMs).toBe(1_800_000)
    expect(config.origin).toBe('https://signet.example.com')
    expect(signInDomain(config.origin ?? '')).toBe('signet.example.com')
    expect(config.safeHosts).toEqual(['https://app.safe.global', 'http://localhost:3000'])
  })

  it('reads HOST (an IP address or a hostname), SIGNET_TRUST_PROXY and SIGNET_RATE_LIMIT_PENDING', () => {
    for (const host of ['0.0.0.0', '::', '::1', 'localhost', 'signet.internal', 'my-host.example.com.']) {
      expect(loadConfig({ HOST: ` ${host} ` }).host).toBe(host)
    }
    expect(loadConfig({}).rateLimit).toMatchObject({ pendingPerMinute: 30, trustedProxies: [] })
    expect(loadConfig({ SIGNET_TRUST_PROXY: 'off' }).rateLimit.trustedProxies).toEqual([])
    expect(
      loadConfig({ SIGNET_TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8,fd00::/8', SIGNET_RATE_LIMIT_PENDING: '5' })
        .rateLimit,
    ).toMatchObject({ pendingPerMinute: 5, trustedProxies: ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8'] })
  })

  it('reads the management listener (default PORT + 1 on HOST; 0 with PORT=0; off), SIGNET_METRICS and SIGNET_SHUTDOWN_GRACE', () => {
    expect(loadConfig({}).management).toEqual({ port: 8788, host: '127.0.0.1' })
    expect(loadConfig({ PORT: '9000', HOST: '0.0.0.0' }).management).toEqual({ port: 9001, host: '0.0.0.0' })
    expect(loadConfig({ PORT: '0' }).management).toEqual({ port: 0, host: '127.0.0.1' })
    expect(
      loadConfig({ SIGNET_MANAGEMENT_PORT: ' 9100 ', SIGNET_MANAGEMENT_HOST: '10.0.0.5', HOST: '0.0.0.0' })
        .management,
    ).toEqual({ port: 9100, host: '10.0.0.5' })
    expect(loadConfig({ PORT: '0', SIGNET_MANAGEMENT_PORT: '0' }).management).toEqual({
      port: 0,
      host: '127.0.0.1',
    })
    expect(loadConfig({ SIGNET_MANAGEMENT_PORT: 'off' }).management).toBeUndefined()
    expect(loadConfig({ PORT: '65535', SIGNET_MANAGEMENT_PORT: '9100' }).management?.port).toBe(9100)
    expect(loadConfig({}).metricsEnabled).toBe(true)
    expect(loadConfig({ SIGNET_METRICS: 'off' }).metricsEnabled).toBe(false)
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000)
    expect(loadConfig({ SIGNET_SHUTDOWN_GRACE: '90s' }).shutdownGraceMs).toBe(90_000)
    expect(loadConfig({ SIGNET_SHUTDOWN_GRACE: '1500ms' }).shutdownGraceMs).toBe(1_500)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT: expected a whole number, got "eighty"'],
    [
      { SIGNET_MANAGEMENT_PORT: 'on' },
      'SIGNET_MANAGEMENT_PORT: expected a port number (0–65535) or "off", got "on"',
    ],
    [{ SIGNET_MANAGEMENT_PORT: '70000' }, 'SIGNET_MANAGEMENT_PORT: expected 0–65535, got 70000'],
    [
      { PORT: '9000', SIGNET_MANAGEMENT_PORT: '9000' },
      'SIGNET_MANAGEMENT_PORT: must differ from PORT (9000): the probes and metrics need a port of their own',
    ],
    [
      { PORT: '65535' },
      'SIGNET_MANAGEMENT_PORT: PORT is 65535, so the default PORT + 1 does not exist: set it, or "off"',
    ],
    [
      { SIGNET_MANAGEMENT_HOST: 'not a host' },
      'SIGNET_MANAGEMENT_HOST: expected an IP address (such as 0.0.0.0 or ::) or a hostname (such as localhost), got "not a host"',
    ],
    [{ SIGNET_METRICS: 'yes' }, 'SIGNET_METRICS: expected "on" or "off", got "yes"'],
    [
      { SIGNET_SHUTDOWN_GRACE: 'soon' },
      'SIGNET_SHUTDOWN_GRACE: expected a duration such as 90s, 30m, 24h or 7d, got "soon"',
    ],
    [
      { SIGNET_SHUTDOWN_GRACE: '0s' },
      'SIGNET_SHUTDOWN_GRACE: expected a duration such as 90s, 30m, 24h or 7d, got "0s"',
    ],
    [{ PORT: '70000' }, 'PORT: expected 0–65535, got 70000'],
    [
      { HOST: 'local host' },
      'HOST: expected an IP address (such as 0.0.0.0 or ::) or a hostname (such as localhost), got "local host"',
    ],
    [
      { HOST: 'http://0.0.0.0' },
      'HOST: expected an IP address (such as 0.0.0.0 or ::) or a hostname (such as localhost), got "http://0.0.0.0"',
    ],
    [
      { HOST: '[::1]' },
      'HOST: expected an IP address (such as 0.0.0.0 or ::) or a hostname (such as localhost), got "[::1]"',
    ],
    [
      { HOST: '256.1.1.1' },
      'HOST: expected an IP address (such as 0.0.0.0 or ::) or a hostname (such as localhost), got "256.1.1.1"',
    ],
    [{ HOST: '-bad.example' }, 'HOST: expected an IP address'],
    [{ HOST: `${'a'.repeat(64)}.example` }, 'HOST: expected an IP address'],
    [
      { SIGNET_TRUST_PROXY: 'on' },
      'SIGNET_TRUST_PROXY: expected "off" or comma-separated proxy IP addresses or CIDR ranges (such as 127.0.0.1,10.0.0.0/8), got "on"',
    ],
    [{ SIGNET_TRUST_PROXY: '1' }, 'SIGNET_TRUST_PROXY: expected "off" or comma-separated'],
    [{ SIGNET_TRUST_PROXY: '10.0.0.0/33' }, 'got "10.0.0.0/33"'],
    [{ SIGNET_TRUST_PROXY: '127.0.0.1,,::1' }, 'SIGNET_TRUST_PROXY: expected "off" or comma-separated'],
    [{ SIGNET_RATE_LIMIT_PENDING: '0' }, 'SIGNET_RATE_LIMIT_PENDING: expected 1–1000000, got 0'],
    [{ SIGNET_RPC_0: 'http://x' }, 'SIGNET_RPC_0: the chain id after SIGNET_RPC_ must be a positive integer'],
    [
      { SIGNET_RPC_abc: 'http://x' },
      'SIGNET_RPC_abc: the chain id after SIGNET_RPC_ must be a positive integer',
    ],
    [{ SIGNET_RPC_5: 'ftp://x' }, 'SIGNET_RPC_5: expected http(s) or ws(s) URLs, got "ftp://x"'],
    [
      { SIGNET_ORIGIN: 'https://x.example/path' },
      'SIGNET_ORIGIN: expected an origin such as https://signet.example.com, got "https://x.example/path"',
    ],
    [
      { SIGNET_SESSION_TTL: 'forever' },
      'SIGNET_SESSION_TTL: expected a duration such as 90s, 30m, 24h or 7d, got "forever"',
    ],
    [{ SIGNET_RATE_LIMIT: 'maybe' }, 'SIGNET_RATE_LIMIT: expected "on" or "off", got "maybe"'],
    [
      { SIGNET_LOCALE: 'fr-FR' },
      'SIGNET_LOCALE: expected one of en, ar, de, es, fr, hi, id, ja, ko, ms, pt, ru, th, tr, uk, vi, zh-CN, zh-HK, zh-TW, got "fr-FR"',
    ],
    [
      { SIGNET_THEME_ACCENT: 'teal' },
      'SIGNET_THEME_ACCENT: expected one of blue, green, orange, pink, purple, red, got "teal"',
    ],
    [
      { SIGNET_WALLET_GROUPS: 'metaMask' },
      'SIGNET_WALLET_GROUPS: expected "Group:walletId,walletId;…", got "metaMask"',
    ],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL: expected a file path (SQLite) or postgres://…, got "mysql://x"',
    ],
    [{ SIGNET_GATEWAY_URL: 'gateway' }, 'SIGNET_GATEWAY_URL: expected an http(s) URL, got "gateway"'],
    [
      { SIGNET_WALLETCONNECT_RELAY_URL: 'https://relay.example.com' },
      'SIGNET_WALLETCONNECT_RELAY_URL: expected a ws(s):// URL such as wss://relay.example.com, got "https://relay.example.com"',
    ],
    [
      { SIGNET_WALLETCONNECT_RELAY_URL: 'relay.example.com' },
      'SIGNET_WALLETCONNECT_RELAY_URL: expected a ws(s):// URL such as wss://relay.example.com, got "relay.example.com"',
    ],
    [
      { SIGNET_EXPLORER_x1: 'https://x.example' },
      'SIGNET_EXPLORER_x1: the chain id after SIGNET_EXPLORER_ must be a positive integer',
    ],
    [
      { SIGNET_EXPLORER_1: 'etherscan.io' },
      'SIGNET_EXPLORER_1: expected an http(s) URL such as https://etherscan.io (no query or fragment), got "etherscan.io"',
    ],
    [
      { SIGNET_EXPLORER_1: 'https://x.example/?chain=1' },
      'SIGNET_EXPLORER_1: expected an http(s) URL such as https://etherscan.io (no query or fragment), got "https://x.example/?chain=1"',
    ],
    [
      { SIGNET_EXPLORER_8453: 'https://basescan.example' },
      'SIGNET_EXPLORER_8453: chain 8453 is not configured (enable it with SIGNET_RPC_8453); configured: 1, 100, 11155111, 31337',
    ],
    [
      { SIGNET_RPC_1: 'https://mainnet.example', SIGNET_EXPLORER_31337: 'http://127.0.0.1:4000' },
      'SIGNET_EXPLORER_31337: chain 31337 is not configured (enable it with SIGNET_RPC_31337); configured: 1, 100, 11155111',
    ],
    [{ SIGNET_MODE: 'staging' }, 'SIGNET_MODE: expected one of production, demo, dev, got "staging"'],
    [
      { SIGNET_WALLET_GROUPS: 'Popular: metaMask, metamask' },
      'SIGNET_WALLET_GROUPS: unknown wallet id "metamask"; known ids: metaMask, rainbow, coinbase, walletConnect, ledger, safe, trust, injected, zerion, argent, rabby, brave, okx, phantom, uniswap, frame, imToken',
    ],
  ])('refuses %j with an error naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})

describe('parseDuration', () => {
  it.each([
    ['24h', 86_400_000],
    ['90s', 90_000],
    ['3600', 3_600_000],
    ['7d', 604_800_000],
    ['250ms', 250],
  ])('%s → %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms))
  it.each(['', '0', '-1h', '1.5h', '1w', 'h'])('refuses %j', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  )
})

describe('SIGNET_WALLETCONNECT_RELAY_URL', () => {
  it('reads the WalletConnect relay (ws or wss) and hands it to the browser, WalletConnect’s own by default', () => {
    const config = loadConfig({ SIGNET_WALLETCONNECT_RELAY_URL: 'wss://relay.example.com/' })
    expect(config.walletConnectRelayUrl).toBe('wss://relay.example.com')
    expect(toPublicConfig(config, 'https://gateway.example').walletConnectRelayUrl).toBe(
      'wss://relay.example.com',
    )
    expect(loadConfig({ SIGNET_WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9010' }).walletConnectRelayUrl).toBe(
      'ws://127.0.0.1:9010',
    )
    expect(toPublicConfig(loadConfig({}), 'https://gateway.example').walletConnectRelayUrl).toBe(
      'wss://relay.walletconnect.org',
    )
  })
})
