import { describe, expect, it } from 'vitest'
import { parsePublicConfig } from './public-config.ts'
import { samplePublicConfig as valid } from './sample-public-config.test-support.ts'
import { mobileWallet, extensionWallet as sampleExtensionWallet } from './sample-wallets.test-support.ts'
import { SchemaError } from './schema-error.ts'
import type { WalletDescriptor } from './wallet-descriptor.ts'

/** The error's field for a copy of `config` changed by `change`. */
function fieldAfter<T>(config: T, change: (copy: T) => void): string {
  const copy = structuredClone(config)
  change(copy)
  try {
    parsePublicConfig(copy)
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError)
    return (error as SchemaError).field
  }
  throw new Error('the config was accepted')
}

/** The error's field for the sample config changed by `change`. */
const fieldOf = (change: (config: typeof valid & Record<string, unknown>) => void) =>
  fieldAfter(valid as typeof valid & Record<string, unknown>, change)

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
      'mode: expected one of production, demo, dev, got "staging"',
    )
  })
})

// The sample's hsla() background and `installed` flag: forms the browser must take as they are.
const extensionWallet: WalletDescriptor = {
  ...sampleExtensionWallet,
  iconBackground: 'hsla(210, 50%, 40%, 0.9)',
  installed: true,
}
const withWallets = { ...valid, wallets: [extensionWallet, mobileWallet] }

/** The error's field for `withWallets` with its first wallet changed by `change`. */
const walletFieldOf = (change: (wallet: Record<string, unknown> & WalletDescriptor) => void) =>
  fieldAfter(withWallets, (config) => change(config.wallets[0] as Record<string, unknown> & WalletDescriptor))

describe('parsePublicConfig: operator-defined wallets', () => {
  it('accepts them as the server hands them out', () => {
    expect(parsePublicConfig(withWallets)).toEqual(withWallets)
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
    ).toThrow(
      'wallets[0].iconBackground: expected a CSS colour (#hex, rgb(), rgba(), hsl(), hsla() or transparent), got "url(x)"',
    )
  })
})
