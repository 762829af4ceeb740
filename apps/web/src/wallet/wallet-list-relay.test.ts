import * as rainbowKit from '@rainbow-me/rainbowkit'
import { describe, expect, it, vi } from 'vitest'
import { buildWalletList } from './wallet-list.ts'

vi.mock('@rainbow-me/rainbowkit', async (importOriginal) => {
  const original = await importOriginal<typeof import('@rainbow-me/rainbowkit')>()
  return { ...original, connectorsForWallets: vi.fn(original.connectorsForWallets) }
})

const walletGroups = [{ groupName: 'Recommended', wallets: ['walletConnect', 'rainbow'] }]
const projectId = '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe'

describe('buildWalletList: the WalletConnect relay', () => {
  it('hands SIGNET_WALLETCONNECT_RELAY_URL to every WalletConnect connector as relayUrl', () => {
    buildWalletList({
      walletGroups,
      appName: 'Signet',
      walletConnectProjectId: projectId,
      walletConnectRelayUrl: 'ws://127.0.0.1:9010',
    })
    expect(vi.mocked(rainbowKit.connectorsForWallets).mock.lastCall?.[1]).toMatchObject({
      projectId,
      walletConnectParameters: { relayUrl: 'ws://127.0.0.1:9010' },
    })
  })

  it('leaves the kits’ own relay when none is configured', () => {
    buildWalletList({ walletGroups, appName: 'Signet', walletConnectProjectId: projectId })
    expect(vi.mocked(rainbowKit.connectorsForWallets).mock.lastCall?.[1]).not.toHaveProperty(
      'walletConnectParameters',
    )
  })
})
