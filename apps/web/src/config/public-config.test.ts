import { describe, expect, it } from 'vitest'
import { PublicConfigError, parsePublicConfig, readPublicConfig } from './public-config.ts'

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
