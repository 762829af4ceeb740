import { parsePublicConfig } from '@signet/protocol/public-config'
import type { WalletDescriptor } from '@signet/protocol/wallet-descriptor'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { toPublicConfig } from './public-config.ts'

const wallet: WalletDescriptor = {
  id: 'acme-mobile',
  name: 'Acme Mobile',
  iconUrl: 'https://acme.example/icon.png',
  iconBackground: '#fff',
  downloadUrls: { qrCode: 'https://acme.example/app' },
  connect: { kind: 'walletConnect', mobileLink: 'acme://wc?uri=' },
}
const demoAccount = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
}

/** The config as the browser receives it: through JSON. */
const handedOut = (config: ReturnType<typeof toPublicConfig>) => JSON.parse(JSON.stringify(config))

describe('toPublicConfig', () => {
  it('hands the browser a config the protocol schema accepts as it is', () => {
    const server = loadConfig({
      SIGNET_RPC_1: 'https://eth.example,wss://eth.example/ws',
      SIGNET_WALLETS: JSON.stringify([wallet]),
      SIGNET_WALLET_GROUPS: 'Partners: acme-mobile; Recommended: metaMask',
      SIGNET_WALLETCONNECT_PROJECT_ID: '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe',
      SIGNET_MODE: 'dev',
    })
    const config = handedOut(
      toPublicConfig(server, 'https://gateway.example', { demoAccounts: [demoAccount] }),
    )
    expect(parsePublicConfig(config)).toEqual(config)
    expect(config.wallets).toEqual([wallet])
    expect(config.demoAccounts).toEqual([demoAccount])
  })

  it('never hands out demo keys in production', () => {
    const server = loadConfig({ SIGNET_RPC_1: 'https://eth.example' })
    const config = handedOut(
      toPublicConfig(server, 'https://gateway.example', { demoAccounts: [demoAccount] }),
    )
    expect(server.mode).toBe('production')
    expect(config.demoAccounts).toBeUndefined()
    expect(parsePublicConfig(config)).toEqual(config)
  })
})
