import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/src/config/config.ts'
import { toPublicConfig } from '../../../server/src/config/public-config.ts'
import {
  PublicConfigError,
  parsePublicConfig,
  readPublicConfig,
  type WalletDescriptor,
} from './public-config.ts'

const valid = {
  appName: 'Signet',
  mode: 'demo',
  chains: [
    {
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://eth.example', 'wss://eth.example/ws'],
      blockExplorerUrl: 'https://etherscan.io',
    },
    {
      id: 31337,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
      testnet: true,
    },
  ],
  walletConnectProjectId: '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe',
  gatewayUrl: 'https://safe-client.safe.global',
  safeHosts: ['https://app.safe.global'],
  demoAccounts: [
    {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    },
  ],
  walletGroups: [{ groupName: 'Recommended', wallets: ['metaMask', 'rainbow'] }],
  theme: { accent: 'blue', radius: 'large', mode: 'system' },
  walletConnectRelayUrl: 'wss://relay.walletconnect.org',
}

/** The error's field for a config changed by `change`. */
function fieldOf(change: (config: typeof valid & Record<string, unknown>) => void): string {
  const config = structuredClone(valid) as typeof valid & Record<string, unknown>
  change(config)
  try {
    parsePublicConfig(config)
  } catch (error) {
    expect(error).toBeInstanceOf(PublicConfigError)
    return (error as PublicConfigError).field
  }
  throw new Error('the config was accepted')
}

describe('parsePublicConfig', () => {
  it('accepts the server’s config as it is', () => {
    expect(parsePublicConfig(valid)).toEqual(valid)
  })

  it('names the bad field', () => {
    expect(fieldOf((c) => ((c.chains[0] as { id: number }).id = 0))).toBe('chains[0].id')
    expect(fieldOf((c) => ((c.chains[1] as { id: number }).id = -5))).toBe('chains[1].id')
    expect(fieldOf((c) => ((c.chains[1] as { id: number }).id = 1))).toBe('chains[1].id')
    expect(fieldOf((c) => ((c.chains[0] as { rpcUrls: string[] }).rpcUrls = ['ftp://x']))).toBe(
      'chains[0].rpcUrls[0]',
    )
    expect(fieldOf((c) => ((c.chains[0] as { rpcUrls: string[] }).rpcUrls = []))).toBe('chains[0].rpcUrls')
    expect(fieldOf((c) => ((c.chains[0] as { blockExplorerUrl: string }).blockExplorerUrl = 'wss://x'))).toBe(
      'chains[0].blockExplorerUrl',
    )
    expect(fieldOf((c) => (c.mode = 'staging'))).toBe('mode')
    expect(fieldOf((c) => (c.walletConnectRelayUrl = 'https://relay.example'))).toBe('walletConnectRelayUrl')
    expect(fieldOf((c) => (c.theme.accent = 'teal'))).toBe('theme.accent')
    expect(fieldOf((c) => ((c.demoAccounts[0] as { privateKey: string }).privateKey = '0x12'))).toBe(
      'demoAccounts[0].privateKey',
    )
    expect(fieldOf((c) => ((c.walletGroups[0] as { wallets: string[] }).wallets = []))).toBe(
      'walletGroups[0].wallets',
    )
    expect(fieldOf((c) => (c.chains = []))).toBe('chains')
    expect(fieldOf((c) => delete (c as Record<string, unknown>).appName)).toBe('appName')
  })

  it('explains the problem in the message', () => {
    expect(() => parsePublicConfig({ ...valid, mode: 'staging' })).toThrow(
      'Invalid Signet configuration: mode must be one of production, demo, dev, got "staging"',
    )
  })
})

const extensionWallet: WalletDescriptor = {
  id: 'acme-wallet',
  name: 'Acme Wallet',
  iconUrl: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
  iconAccent: '#1f6feb',
  iconBackground: 'hsla(210, 50%, 40%, 0.9)',
  installed: true,
  downloadUrls: { chrome: 'https://chrome.example/acme', linux: 'https://acme.example/linux' },
  instructions: {
    extension: {
      learnMoreUrl: 'https://acme.example/help',
      steps: [{ step: 'install', title: 'Install Acme', description: 'Pin it.' }],
    },
    desktop: {
      learnMoreUrl: 'https://acme.example/desktop',
      steps: [{ step: 'connect', title: 'Open Acme', description: 'Then connect.' }],
    },
  },
  connect: { kind: 'injected', rdns: 'com.acme.wallet', flag: 'isAcmeWallet' },
}
const mobileWallet: WalletDescriptor = {
  id: 'acme-mobile',
  name: 'Acme Mobile',
  iconUrl: 'https://acme.example/icon.png',
  iconBackground: '#fff',
  downloadUrls: { qrCode: 'https://acme.example/app' },
  instructions: {
    qrCode: {
      learnMoreUrl: 'https://acme.example/mobile',
      steps: [{ step: 'scan', title: 'Tap scan', description: 'Scan the code.' }],
    },
  },
  connect: { kind: 'walletConnect', mobileLink: 'acme://wc?uri=' },
}
const withWallets = { ...valid, wallets: [extensionWallet, mobileWallet] }

/** The error's field for `withWallets` with its first wallet changed by `change`. */
function walletFieldOf(change: (wallet: Record<string, unknown> & WalletDescriptor) => void): string {
  const config = structuredClone(withWallets)
  change(config.wallets[0] as Record<string, unknown> & WalletDescriptor)
  try {
    parsePublicConfig(config)
  } catch (error) {
    expect(error).toBeInstanceOf(PublicConfigError)
    return (error as PublicConfigError).field
  }
  throw new Error('the config was accepted')
}

describe('parsePublicConfig: operator-defined wallets', () => {
  it('accepts them as the server hands them out', () => {
    expect(parsePublicConfig(withWallets)).toEqual(withWallets)
    const server = loadConfig({
      SIGNET_WALLETS: JSON.stringify([extensionWallet, mobileWallet]),
      SIGNET_WALLET_GROUPS: 'Partners: acme-wallet, acme-mobile',
    })
    const handedOut = JSON.parse(JSON.stringify(toPublicConfig(server, 'https://gateway.example')))
    expect(parsePublicConfig(handedOut).wallets).toEqual([extensionWallet, mobileWallet])
  })

  it('names the bad field', () => {
    expect(walletFieldOf((w) => (w.id = 'Acme'))).toBe('wallets[0].id')
    expect(walletFieldOf((w) => (w.iconUrl = 'http://acme.example/icon.png'))).toBe('wallets[0].iconUrl')
    expect(walletFieldOf((w) => (w.iconUrl = 'data:text/html,x'))).toBe('wallets[0].iconUrl')
    expect(walletFieldOf((w) => (w.iconBackground = 'red; background: url(x)'))).toBe(
      'wallets[0].iconBackground',
    )
    expect(walletFieldOf((w) => (w.iconAccent = '#12345'))).toBe('wallets[0].iconAccent')
    expect(walletFieldOf((w) => ((w as Record<string, unknown>).installed = 'yes'))).toBe(
      'wallets[0].installed',
    )
    expect(walletFieldOf((w) => ((w.downloadUrls ?? {}).chrome = 'ftp://x.example'))).toBe(
      'wallets[0].downloadUrls.chrome',
    )
    expect(
      walletFieldOf(
        (w) => ((w.instructions?.extension?.steps[0] ?? { step: '' }).step = 'reboot' as 'install'),
      ),
    ).toBe('wallets[0].instructions.extension.steps[0].step')
    expect(
      walletFieldOf((w) => (w.instructions = { desktop: { learnMoreUrl: 'https://x.example', steps: [] } })),
    ).toBe('wallets[0].instructions.desktop.steps')
    expect(
      walletFieldOf((w) => (w.instructions = { qrCode: mobileWallet.instructions?.qrCode as never })),
    ).toBe('wallets[0].instructions.qrCode')
    expect(walletFieldOf((w) => (w.connect = { kind: 'injected' }))).toBe('wallets[0].connect')
    expect(walletFieldOf((w) => (w.connect = { kind: 'injected', rdns: 'acme' }))).toBe(
      'wallets[0].connect.rdns',
    )
    expect(walletFieldOf((w) => (w.connect = { kind: 'injected', flag: 'acme' }))).toBe(
      'wallets[0].connect.flag',
    )
    expect(
      walletFieldOf((w) => (w.connect = { kind: 'walletConnect', mobileLink: 'javascript:alert(1)' })),
    ).toBe('wallets[0].connect.mobileLink')
    expect(
      walletFieldOf(
        (w) => (w.connect = { kind: 'walletConnect', desktopLink: 'https://acme.example/wc?uri=' }),
      ),
    ).toBe('wallets[0].connect.desktopLink')
    expect(walletFieldOf((w) => ((w.connect as { kind: string }).kind = 'walletConnectV1'))).toBe(
      'wallets[0].connect.kind',
    )
    expect(walletFieldOf((w) => (w.id = 'acme-mobile'))).toBe('wallets[1].id')
  })

  it('explains the problem in the message', () => {
    expect(() =>
      parsePublicConfig({ ...withWallets, wallets: [{ ...extensionWallet, iconBackground: 'url(x)' }] }),
    ).toThrow('Invalid Signet configuration: wallets[0].iconBackground must be a CSS colour, got "url(x)"')
  })
})

describe('readPublicConfig', () => {
  const page = (text: string | undefined) =>
    ({
      getElementById: (id: string) =>
        id === 'signet-config' && text !== undefined ? { textContent: text } : null,
    }) as unknown as Document

  it('reads the script the server injected', () => {
    expect(readPublicConfig(page(JSON.stringify(valid)))).toEqual(valid)
  })

  it('says when the script is missing or not JSON', () => {
    expect(() => readPublicConfig(page(undefined))).toThrow(
      'Invalid Signet configuration: #signet-config is missing from the page',
    )
    expect(() => readPublicConfig(page('{'))).toThrow(
      'Invalid Signet configuration: #signet-config is not valid JSON',
    )
  })
})
