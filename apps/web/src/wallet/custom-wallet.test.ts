import { extensionWallet, mobileWallet } from '@signet/protocol/sample-wallets.test-support'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConfig, http } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { createInjectedProviderFinder, customWallet, type ProviderWindow } from './custom-wallet.ts'
import { needsWalletConnect } from './wallet-catalog.ts'
import { buildWalletList } from './wallet-list.ts'

const projectId = '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe'
const provider = { request: async () => null, on() {}, removeListener() {} }

/** A page with these EIP-6963 wallets (announced when asked, as extensions do) and this window.ethereum. */
function fakeWindow(
  announced: Record<string, object>,
  ethereum?: ProviderWindow['ethereum'],
): ProviderWindow {
  const target = new EventTarget() as EventTarget & ProviderWindow
  target.addEventListener('eip6963:requestProvider', () => {
    for (const [rdns, announcedProvider] of Object.entries(announced))
      target.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { rdns }, provider: announcedProvider },
        }),
      )
  })
  if (ethereum) target.ethereum = ethereum
  return target
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('customWallet', () => {
  it('makes an injected RainbowKit wallet with exactly the configured look, links and steps', () => {
    const wallet = customWallet(extensionWallet, () => undefined)({ projectId, appName: 'Signet' })
    expect(wallet).toEqual({
      id: 'acme-wallet',
      name: 'Acme Wallet',
      iconUrl: extensionWallet.iconUrl,
      iconAccent: '#1f6feb',
      iconBackground: '#0b1d3a',
      rdns: 'com.acme.wallet',
      installed: false,
      downloadUrls: { chrome: 'https://chrome.example/acme', linux: 'https://acme.example/linux' },
      extension: { instructions: extensionWallet.instructions?.extension },
      desktop: { instructions: extensionWallet.instructions?.desktop },
      createConnector: expect.any(Function),
    })
    // Nothing configured, nothing added: RainbowKit's defaults apply.
    const plain = customWallet(
      { ...extensionWallet, connect: { kind: 'injected', flag: 'isAcmeWallet' }, installed: true },
      () => undefined,
    )({ projectId: '', appName: 'Signet' })
    expect(Object.keys(plain).sort()).toEqual(
      [
        'id',
        'name',
        'iconUrl',
        'iconAccent',
        'iconBackground',
        'installed',
        'downloadUrls',
        'extension',
        'desktop',
        'createConnector',
      ].sort(),
    )
  })

  it('is installed when its provider is found, unless the operator says otherwise', () => {
    const found = () => provider
    expect(customWallet(extensionWallet, found)({ projectId, appName: 'Signet' }).installed).toBe(true)
    expect(
      customWallet({ ...extensionWallet, installed: false }, found)({ projectId, appName: 'Signet' })
        .installed,
    ).toBe(false)
    expect(
      customWallet({ ...extensionWallet, installed: true }, () => undefined)({ projectId, appName: 'Signet' })
        .installed,
    ).toBe(true)
  })

  it('makes a WalletConnect wallet: QR code, deep links and steps as configured; none without a project id', () => {
    const wallet = customWallet(mobileWallet)({ projectId, appName: 'Signet' })
    expect(wallet).toEqual({
      id: 'acme-mobile',
      name: 'Acme Mobile',
      iconUrl: 'https://acme.example/icon.png',
      iconBackground: '#fff',
      downloadUrls: { qrCode: 'https://acme.example/app', android: 'https://play.example/acme' },
      mobile: { getUri: expect.any(Function) },
      qrCode: { getUri: expect.any(Function), instructions: mobileWallet.instructions?.qrCode },
      desktop: { getUri: expect.any(Function) },
      createConnector: expect.any(Function),
    })
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=01'
    expect(wallet.qrCode?.getUri(uri)).toBe(uri)
    expect(wallet.mobile?.getUri?.(uri)).toBe(`https://acme.example/wc?uri=${encodeURIComponent(uri)}`)
    expect(wallet.desktop?.getUri?.(uri)).toBe(`acme://wc?uri=${encodeURIComponent(uri)}`)
    // No mobile link: the phone gets the bare wc: URI.
    const bare = customWallet({ ...mobileWallet, connect: { kind: 'walletConnect' } })({
      projectId,
      appName: 'Signet',
    })
    expect(bare.mobile?.getUri?.(uri)).toBe(uri)
    expect(bare).not.toHaveProperty('desktop')

    expect(needsWalletConnect(customWallet(mobileWallet))).toBe(true)
    expect(needsWalletConnect(customWallet(extensionWallet, () => undefined))).toBe(false)
  })
})

describe('createInjectedProviderFinder', () => {
  it('finds a provider by its EIP-6963 rdns first, else by its flag on window.ethereum', () => {
    const announced = { ...provider, name: 'announced' }
    const flagged = { ...provider, isAcmeWallet: true }
    const find = createInjectedProviderFinder(fakeWindow({ 'com.acme.wallet': announced }, flagged))
    expect(find({ kind: 'injected', rdns: 'com.acme.wallet', flag: 'isAcmeWallet' })).toBe(announced)
    expect(find({ kind: 'injected', rdns: 'com.other.wallet', flag: 'isAcmeWallet' })).toBe(flagged)
    expect(find({ kind: 'injected', rdns: 'com.other.wallet' })).toBeUndefined()
    expect(find({ kind: 'injected', flag: 'isOtherWallet' })).toBeUndefined()
  })

  it('looks among window.ethereum.providers when extensions share it', () => {
    const other = { ...provider, isOtherWallet: true }
    const acme = { ...provider, isAcmeWallet: true }
    const find = createInjectedProviderFinder(fakeWindow({}, { ...provider, providers: [other, acme] }))
    expect(find({ kind: 'injected', flag: 'isAcmeWallet' })).toBe(acme)
  })

  it('hears a wallet that announces itself later', () => {
    const page = fakeWindow({})
    const find = createInjectedProviderFinder(page)
    expect(find({ kind: 'injected', rdns: 'com.acme.wallet' })).toBeUndefined()
    page.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { rdns: 'com.acme.wallet' }, provider },
      }),
    )
    expect(find({ kind: 'injected', rdns: 'com.acme.wallet' })).toBe(provider)
  })
})

describe('buildWalletList with operator wallets', () => {
  it('places them in their groups, with connectors that carry their details and reach their provider', async () => {
    const flagged = { ...provider, isAcmeWallet: true }
    vi.stubGlobal('window', fakeWindow({}, flagged))
    const warnings: string[] = []
    const { groups, connectors } = buildWalletList({
      walletGroups: [
        { groupName: 'Partners', wallets: ['acme-wallet', 'acme-mobile'] },
        { groupName: 'Recommended', wallets: ['coinbase', 'acme-pro'] },
      ],
      wallets: [extensionWallet, mobileWallet, { ...mobileWallet, id: 'rainbow' }],
      walletConnectProjectId: projectId,
      appName: 'Signet',
      appUrl: 'https://signet.example',
      warn: (message) => warnings.push(message),
    })
    expect(groups).toEqual([
      { groupName: 'Partners', wallets: ['acme-wallet', 'acme-mobile'] },
      { groupName: 'Recommended', wallets: ['coinbase'] },
    ])
    expect(warnings).toEqual([
      '[Signet] Wallet "rainbow" of SIGNET_WALLETS is left out: a built-in wallet has that id.',
      expect.stringMatching(
        /^\[Signet\] Unknown wallet id "acme-pro" in group "Recommended" is left out\. Known ids: metaMask, .*, imToken, acme-wallet, acme-mobile\.$/,
      ),
    ])

    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http() },
      connectors,
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    const acme = config.connectors.find((connector) => connector.id === 'acme-wallet')
    expect(acme).toMatchObject({
      type: 'injected',
      name: 'Acme Wallet',
      rkDetails: {
        id: 'acme-wallet',
        name: 'Acme Wallet',
        iconUrl: extensionWallet.iconUrl,
        iconAccent: '#1f6feb',
        iconBackground: '#0b1d3a',
        rdns: 'com.acme.wallet',
        installed: true,
        downloadUrls: extensionWallet.downloadUrls,
        extension: { instructions: extensionWallet.instructions?.extension },
        desktop: { instructions: extensionWallet.instructions?.desktop },
        groupName: 'Partners',
      },
    })
    expect(await acme?.getProvider()).toBe(flagged)
    const mobile = config.connectors.find(
      (connector) => (connector as { rkDetails?: { id: string } }).rkDetails?.id === 'acme-mobile',
    )
    // (Outside a browser RainbowKit stands a mock in for WalletConnect's connector.)
    expect(mobile).toMatchObject({
      rkDetails: { name: 'Acme Mobile', groupName: 'Partners', downloadUrls: mobileWallet.downloadUrls },
    })
  })

  it('leaves a WalletConnect wallet out without a project id, and says so', () => {
    const warnings: string[] = []
    const { groups } = buildWalletList({
      walletGroups: [{ groupName: 'Partners', wallets: ['acme-wallet', 'acme-mobile'] }],
      wallets: [extensionWallet, mobileWallet],
      appName: 'Signet',
      warn: (message) => warnings.push(message),
    })
    expect(groups).toEqual([{ groupName: 'Partners', wallets: ['acme-wallet'] }])
    expect(warnings).toEqual([
      '[Signet] No WalletConnect project id is configured (SIGNET_WALLETCONNECT_PROJECT_ID), so WalletConnect-based wallets are left out: acme-mobile.',
    ])
  })
})
