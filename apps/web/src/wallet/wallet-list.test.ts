import { catalogWalletIds } from '@signet/protocol/wallet-descriptor'
import { describe, expect, it } from 'vitest'
import { needsWalletConnect, walletCatalog } from './wallet-catalog.ts'
import { buildWalletList } from './wallet-list.ts'

const groups = [
  { groupName: 'Recommended', wallets: ['metaMask', 'rainbow', 'coinbase', 'walletConnect'] },
  { groupName: 'Other', wallets: ['safe', 'ledger', 'injected', 'nope'] },
]

function build(walletConnectProjectId?: string) {
  const warnings: string[] = []
  const result = buildWalletList({
    walletGroups: groups,
    appName: 'Signet',
    ...(walletConnectProjectId ? { walletConnectProjectId } : {}),
    warn: (message) => warnings.push(message),
  })
  return { ...result, warnings }
}

describe('buildWalletList', () => {
  it('keeps the operator’s groups, leaving out injected (EIP-6963 lists it) and unknown ids', () => {
    const { groups: offered, connectors, warnings } = build('5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe')
    expect(offered).toEqual([
      { groupName: 'Recommended', wallets: ['metaMask', 'rainbow', 'coinbase', 'walletConnect'] },
      { groupName: 'Other', wallets: ['safe', 'ledger'] },
    ])
    // RainbowKit adds a second connector for WalletConnect's own modal.
    expect(connectors).toHaveLength(7)
    expect(warnings).toEqual([
      '[Signet] Wallet "injected" is left out: wallets injected in the browser are discovered (EIP-6963) and listed as installed already.',
      `[Signet] Unknown wallet id "nope" in group "Other" is left out. Known ids: ${Object.keys(walletCatalog).join(', ')}.`,
    ])
  })

  it('without a WalletConnect project id, leaves out every WalletConnect-based wallet and says so', () => {
    const { groups: offered, warnings } = build()
    expect(offered).toEqual([
      { groupName: 'Recommended', wallets: ['coinbase'] },
      { groupName: 'Other', wallets: ['safe'] },
    ])
    expect(warnings.at(-1)).toBe(
      '[Signet] No WalletConnect project id is configured (SIGNET_WALLETCONNECT_PROJECT_ID), so WalletConnect-based wallets are left out: metaMask, rainbow, walletConnect, ledger.',
    )
  })

  it('warns about a placeholder or malformed project id but keeps the wallets', () => {
    expect(build('YOUR_PROJECT_ID').warnings[0]).toBe(
      '[Signet] SIGNET_WALLETCONNECT_PROJECT_ID is a placeholder ("YOUR_PROJECT_ID"): WalletConnect will not work for your users. Create a project id at WalletConnect Cloud.',
    )
    expect(build('YOUR_PROJECT_ID').groups[0]?.wallets).toContain('walletConnect')
    expect(build('abc').warnings[0]).toBe(
      '[Signet] SIGNET_WALLETCONNECT_PROJECT_ID "abc" does not look like a WalletConnect Cloud project id (32 hexadecimal characters).',
    )
  })
})

describe('walletCatalog', () => {
  it('has the ids the server accepts in SIGNET_WALLET_GROUPS and keeps from SIGNET_WALLETS', () => {
    expect(Object.keys(walletCatalog)).toEqual(catalogWalletIds)
  })
})

describe('needsWalletConnect', () => {
  it('knows which wallets go through WalletConnect when their extension is absent', () => {
    const uses = Object.entries(walletCatalog)
      .filter(([, createWallet]) => needsWalletConnect(createWallet))
      .map(([id]) => id)
    expect(uses).toEqual(
      expect.arrayContaining(['metaMask', 'rainbow', 'walletConnect', 'ledger', 'trust', 'zerion', 'argent']),
    )
    expect(uses).not.toContain('coinbase')
    expect(uses).not.toContain('safe')
    expect(uses).not.toContain('injected')
  })
})
