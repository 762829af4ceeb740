import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extensionWallet, mobileWallet, sampleIconUrl } from '@signet/protocol/sample-wallets.test-support'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { toPublicConfig } from './public-config.ts'
import { readWalletDescriptors } from './wallet-descriptors.ts'

const env = (wallets: unknown, extra: Record<string, string> = {}) => ({
  SIGNET_WALLETS: JSON.stringify(wallets),
  SIGNET_WALLET_GROUPS: 'Partners: acme-wallet, acme-mobile; Recommended: metaMask',
  ...extra,
})

/** The message of the ConfigError loadConfig throws for these wallets. */
function errorFor(wallets: unknown, extra: Record<string, string> = {}): string {
  try {
    loadConfig(env(wallets, extra))
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe('SIGNET_WALLETS')
    return (error as Error).message
  }
  throw new Error('the wallets were accepted')
}

// biome-ignore lint/suspicious/noExplicitAny: the tests break the descriptor's shape on purpose
type Malleable = Record<string, any>

/** `extensionWallet` with `change` applied to a copy. */
function changed(change: (wallet: Malleable) => void): unknown[] {
  const wallet = structuredClone(extensionWallet) as Malleable
  change(wallet)
  return [wallet, mobileWallet]
}

const folder = mkdtempSync(join(tmpdir(), 'signet-wallets-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('SIGNET_WALLETS', () => {
  it('reads inline JSON, keeps every configured field as given, and hands it to the browser', () => {
    const config = loadConfig(env([extensionWallet, mobileWallet]))
    expect(config.wallets).toEqual([extensionWallet, mobileWallet])
    expect(config.walletGroups).toEqual([
      { groupName: 'Partners', wallets: ['acme-wallet', 'acme-mobile'] },
      { groupName: 'Recommended', wallets: ['metaMask'] },
    ])
    expect(toPublicConfig(config, 'https://gateway.example').wallets).toEqual([extensionWallet, mobileWallet])
    // No operator wallets: the browser's config is as before.
    expect(toPublicConfig(loadConfig({}), 'https://gateway.example')).not.toHaveProperty('wallets')
  })

  it('reads a JSON file, relative to the working directory', () => {
    writeFileSync(join(folder, 'wallets.json'), JSON.stringify([mobileWallet]))
    expect(readWalletDescriptors({ SIGNET_WALLETS: 'wallets.json' }, folder)).toEqual([mobileWallet])
    expect(readWalletDescriptors({ SIGNET_WALLETS: join(folder, 'wallets.json') }, '/')).toEqual([
      mobileWallet,
    ])
    expect(readWalletDescriptors({}, folder)).toEqual([])
  })

  it('without SIGNET_WALLET_GROUPS, lists the operator’s wallets first in "Recommended"', () => {
    const config = loadConfig({ SIGNET_WALLETS: JSON.stringify([mobileWallet]) })
    expect(config.walletGroups).toEqual([
      {
        groupName: 'Recommended',
        wallets: ['acme-mobile', 'metaMask', 'rainbow', 'coinbase', 'walletConnect'],
      },
      { groupName: 'Other', wallets: ['safe', 'ledger', 'trust', 'zerion', 'argent'] },
    ])
  })

  it('accepts the CSS colours and links RainbowKit can use', () => {
    for (const iconBackground of [
      '#0b1d3a',
      '#0b1d3a80',
      '#abc',
      'rgba(0, 0, 0, 0.5)',
      'hsl(210deg 50% 40%)',
      'transparent',
    ])
      expect(
        loadConfig(env(changed((w) => (w.iconBackground = iconBackground)))).wallets[0]?.iconBackground,
      ).toBe(iconBackground)
    const installedOnly = changed((w) => {
      w.connect = { kind: 'injected', flag: 'isAcme' }
      delete w.downloadUrls
      delete w.instructions
      delete w.installed
      delete w.iconAccent
    })
    expect(loadConfig(env(installedOnly)).wallets[0]).toEqual({
      id: 'acme-wallet',
      name: 'Acme Wallet',
      iconUrl: sampleIconUrl,
      iconBackground: '#0b1d3a',
      connect: { kind: 'injected', flag: 'isAcme' },
    })
  })

  it.each<[string, unknown[], string]>([
    [
      'not an array',
      { id: 'x' } as never,
      'SIGNET_WALLETS: expected a JSON array of wallets, got {"id":"x"}',
    ],
    ['an entry that is not an object', ['acme'], 'SIGNET_WALLETS[0]: expected an object, got "acme"'],
    [
      'an id that is not a lowercase slug',
      changed((w) => (w.id = 'AcmeWallet')),
      'SIGNET_WALLETS[0].id: expected a lowercase slug such as "acme-wallet", got "AcmeWallet"',
    ],
    [
      'a built-in id',
      changed((w) => (w.id = 'rainbow')),
      `SIGNET_WALLETS[0].id: "rainbow" is a built-in wallet's id; give your wallet an id of its own`,
    ],
    [
      'a repeated id',
      [extensionWallet, { ...mobileWallet, id: 'acme-wallet' }],
      'SIGNET_WALLETS[1].id: repeats wallet id "acme-wallet"',
    ],
    [
      'no name',
      changed((w) => delete w.name),
      'SIGNET_WALLETS[0].name: expected a non-empty string, got nothing',
    ],
    [
      'a blank name',
      changed((w) => (w.name = '  ')),
      'SIGNET_WALLETS[0].name: expected a non-empty string, got "  "',
    ],
    [
      'a misspelt field',
      changed((w) => (w.downloadUrl = {})),
      'SIGNET_WALLETS[0].downloadUrl: unknown field; expected one of id, name, iconUrl, iconAccent, iconBackground, installed, downloadUrls, instructions, connect',
    ],
    [
      'an http download link',
      changed((w) => (w.downloadUrls.chrome = 'http://chrome.example/acme')),
      'SIGNET_WALLETS[0].downloadUrls.chrome: expected an https: URL, got "http://chrome.example/acme"',
    ],
    [
      'an unknown download key',
      changed((w) => (w.downloadUrls.netscape = 'https://x.example')),
      'SIGNET_WALLETS[0].downloadUrls.netscape: unknown field; expected one of android, ios, mobile, qrCode, chrome, edge, firefox, opera, safari, browserExtension, desktop, windows, macos, linux',
    ],
    [
      'an icon that is neither https nor a data image',
      changed((w) => (w.iconUrl = 'javascript:alert(1)')),
      'SIGNET_WALLETS[0].iconUrl: expected an https: URL or a data:image/… URL (png, jpeg, gif, webp, svg+xml), got "javascript:alert(1)"',
    ],
    [
      'a data URL that is not an image',
      changed((w) => (w.iconUrl = 'data:text/html,<script>1</script>')),
      'SIGNET_WALLETS[0].iconUrl: expected an https: URL or a data:image/… URL (png, jpeg, gif, webp, svg+xml), got "data:text/html,<script>1</script>"',
    ],
    [
      'a huge icon',
      changed((w) => (w.iconUrl = `data:image/png;base64,${'A'.repeat(100_000)}`)),
      'SIGNET_WALLETS[0].iconUrl: expected at most 100000 characters, got 100022',
    ],
    [
      'a background that is not a CSS colour',
      changed((w) => (w.iconBackground = 'url(https://x.example/a.png)')),
      'SIGNET_WALLETS[0].iconBackground: expected a CSS colour (#hex, rgb(), rgba(), hsl(), hsla() or transparent), got "url(https://x.example/a.png)"',
    ],
    [
      'an accent RainbowKit refuses',
      changed((w) => (w.iconAccent = 'rgb(1, 2, 3)')),
      'SIGNET_WALLETS[0].iconAccent: expected a hex colour such as #1f6feb, got "rgb(1, 2, 3)"',
    ],
    [
      'installed as a string',
      changed((w) => (w.installed = 'yes')),
      'SIGNET_WALLETS[0].installed: expected true or false, got "yes"',
    ],
    [
      'an unknown connection kind',
      changed((w) => (w.connect = { kind: 'walletConnectV1' })),
      'SIGNET_WALLETS[0].connect.kind: expected "injected" or "walletConnect", got "walletConnectV1"',
    ],
    [
      'an injected wallet that cannot be found',
      changed((w) => (w.connect = { kind: 'injected' })),
      'SIGNET_WALLETS[0].connect: an injected wallet needs "rdns" (EIP-6963) or "flag" (window.ethereum) to be found',
    ],
    [
      'a malformed rdns',
      changed((w) => (w.connect.rdns = 'acme wallet')),
      'SIGNET_WALLETS[0].connect.rdns: expected a reverse domain name such as "com.example.wallet", got "acme wallet"',
    ],
    [
      'a flag that is not is<Name>',
      changed((w) => (w.connect.flag = 'acme')),
      'SIGNET_WALLETS[0].connect.flag: expected a provider flag such as "isAcmeWallet", got "acme"',
    ],
    [
      'a WalletConnect field on an injected wallet',
      changed((w) => (w.connect.mobileLink = 'acme://wc?uri=')),
      'SIGNET_WALLETS[0].connect.mobileLink: unknown field; expected one of kind, rdns, flag',
    ],
    [
      'a script link',
      [
        extensionWallet,
        { ...mobileWallet, connect: { kind: 'walletConnect', mobileLink: 'javascript:alert(1)//' } },
      ],
      'SIGNET_WALLETS[1].connect.mobileLink: expected a link prefix such as "acme://wc?uri=" or "https://…", got "javascript:alert(1)//"',
    ],
    [
      'a desktop link that would take the page away',
      [
        extensionWallet,
        { ...mobileWallet, connect: { kind: 'walletConnect', desktopLink: 'https://acme.example/wc?uri=' } },
      ],
      'SIGNET_WALLETS[1].connect.desktopLink: expected a link prefix such as "acme://wc?uri=" (an app scheme), got "https://acme.example/wc?uri="',
    ],
    [
      'QR code steps on an injected wallet',
      changed((w) => (w.instructions.qrCode = mobileWallet.instructions?.qrCode)),
      'SIGNET_WALLETS[0].instructions.qrCode: only a wallet with connect.kind "walletConnect" has a QR code to scan',
    ],
    [
      'steps for a platform RainbowKit has none for',
      changed((w) => (w.instructions.mobile = w.instructions.extension)),
      'SIGNET_WALLETS[0].instructions.mobile: unknown field; expected one of extension, desktop, qrCode',
    ],
    [
      'an unknown step',
      changed((w) => (w.instructions.extension.steps[1].step = 'reboot')),
      'SIGNET_WALLETS[0].instructions.extension.steps[1].step: expected one of install, create, refresh, scan, connect, got "reboot"',
    ],
    [
      'a step without a description',
      changed((w) => delete w.instructions.extension.steps[0].description),
      'SIGNET_WALLETS[0].instructions.extension.steps[0].description: expected a non-empty string, got nothing',
    ],
    [
      'no steps',
      changed((w) => (w.instructions.extension.steps = [])),
      'SIGNET_WALLETS[0].instructions.extension.steps: expected a non-empty array of steps, got []',
    ],
    [
      'no learn-more link',
      changed((w) => delete w.instructions.extension.learnMoreUrl),
      'SIGNET_WALLETS[0].instructions.extension.learnMoreUrl: expected a non-empty string, got nothing',
    ],
  ])('refuses %s, naming the JSON path of the bad field', (_, wallets, message) => {
    expect(errorFor(wallets)).toBe(message)
  })

  it('refuses JSON it cannot read or parse', () => {
    expect(() => loadConfig({ SIGNET_WALLETS: '[{"id": "acme",]' })).toThrow(
      /^SIGNET_WALLETS: inline JSON is not valid JSON \(.+\)$/,
    )
    writeFileSync(join(folder, 'broken.json'), '{')
    expect(() => loadConfig({ SIGNET_WALLETS: 'broken.json' }, folder)).toThrow(
      `SIGNET_WALLETS: ${JSON.stringify(join(folder, 'broken.json'))} is not valid JSON (`,
    )
    expect(() => loadConfig({ SIGNET_WALLETS: 'missing.json' }, folder)).toThrow(
      `SIGNET_WALLETS: cannot read ${JSON.stringify(join(folder, 'missing.json'))} (ENOENT`,
    )
  })

  it('makes SIGNET_WALLET_GROUPS place every operator wallet, and know every id it names', () => {
    expect(errorFor([extensionWallet, mobileWallet], { SIGNET_WALLET_GROUPS: 'Partners: acme-wallet' })).toBe(
      'SIGNET_WALLETS[1].id: wallet "acme-mobile" is in no group: name it in SIGNET_WALLET_GROUPS',
    )
    expect(() =>
      loadConfig(
        env([extensionWallet, mobileWallet], {
          SIGNET_WALLET_GROUPS: 'Partners: acme-wallet, acme-mobile, acme-pro',
        }),
      ),
    ).toThrow(
      'SIGNET_WALLET_GROUPS: unknown wallet id "acme-pro"; known ids: metaMask, rainbow, coinbase, walletConnect, ledger, safe, trust, injected, zerion, argent, rabby, brave, okx, phantom, uniswap, frame, imToken; from SIGNET_WALLETS: acme-wallet, acme-mobile',
    )
  })
})
