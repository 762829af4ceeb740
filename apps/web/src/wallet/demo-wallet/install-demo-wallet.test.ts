import type { PublicConfig } from '@signet/protocol/public-config'
import { describe, expect, it } from 'vitest'
import { demoWalletAllowed } from './demo-wallet-loader.ts'
import { DemoWalletNotAllowedError, installDemoWallet } from './install-demo-wallet.ts'

const config: PublicConfig = {
  appName: 'Signet',
  mode: 'demo',
  chains: [
    {
      id: 31337,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
    },
  ],
  gatewayUrl: 'http://127.0.0.1:1',
  safeHosts: [],
  walletGroups: [{ groupName: 'Recommended', wallets: ['metaMask'] }],
  theme: { accent: 'blue', radius: 'large', mode: 'system' },
  walletConnectRelayUrl: 'wss://relay.walletconnect.org',
  demoAccounts: [
    {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    },
  ],
}

describe('the demo wallet is for demo and dev mode only', () => {
  it('is allowed in demo and dev mode with demo accounts', () => {
    expect(demoWalletAllowed(config)).toBe(true)
    expect(demoWalletAllowed({ ...config, mode: 'dev' })).toBe(true)
    expect(demoWalletAllowed({ ...config, demoAccounts: [] })).toBe(false)
  })

  it('is never installed from a production config, even one that carries keys', () => {
    const production = { ...config, mode: 'production' as const }
    expect(demoWalletAllowed(production)).toBe(false)
    expect(() => installDemoWallet(production, {} as Window)).toThrow(DemoWalletNotAllowedError)
    expect(() => installDemoWallet(production, {} as Window)).toThrow(
      'The demo wallet is only available in demo and dev mode.',
    )
  })
})
