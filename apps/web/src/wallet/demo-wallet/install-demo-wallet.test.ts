import type { PublicConfig } from '@signet/protocol/public-config'
import { describe, expect, it } from 'vitest'
import { demoWalletAllowed } from './demo-wallet-allowed.ts'
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

describe('the demo wallet in a cross-site frame', () => {
  it('installs where reading localStorage throws (third-party storage denied), keeping its state in memory', async () => {
    const announced: string[] = []
    const target = new EventTarget() as EventTarget & Window
    Object.defineProperty(target, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
    Object.defineProperty(target, 'location', { value: { origin: 'http://localhost:8787' } })
    target.addEventListener('eip6963:announceProvider', (event) => {
      announced.push((event as CustomEvent<{ info: { name: string } }>).detail.info.name)
    })
    const provider = installDemoWallet(config, target)
    expect(announced).toEqual(['Signet Demo Wallet'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })
})
