import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, createStorage, http } from 'wagmi'
import { connect, disconnect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { MemoryStorage } from '../lib/framing.ts'
import { rememberedConnectorIds, wagmiStoreKey } from './remembered-connection.ts'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('rememberedConnectorIds', () => {
  it('reads the connection wagmi persists, and forgets it on disconnect', async () => {
    const storage = new MemoryStorage()
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http('http://127.0.0.1:9') },
      connectors: [mock({ accounts: [account] })],
      storage: createStorage({ storage }),
      multiInjectedProviderDiscovery: false,
    })
    expect(rememberedConnectorIds(storage)).toEqual([])
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    await connect(config, { connector })
    expect(storage.getItem(wagmiStoreKey)).not.toBeNull()
    expect(rememberedConnectorIds(storage)).toEqual(['mock'])
    await disconnect(config)
    expect(rememberedConnectorIds(storage)).toEqual([])
  })

  it('reads nothing from missing, foreign or unreadable storage', () => {
    const storage = new MemoryStorage()
    expect(rememberedConnectorIds(undefined)).toEqual([])
    storage.setItem(wagmiStoreKey, 'not json')
    expect(rememberedConnectorIds(storage)).toEqual([])
    storage.setItem(wagmiStoreKey, JSON.stringify({ state: { connections: 'elsewhere' } }))
    expect(rememberedConnectorIds(storage)).toEqual([])
    const denied = {
      getItem(): string | null {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(rememberedConnectorIds(denied)).toEqual([])
  })
})
