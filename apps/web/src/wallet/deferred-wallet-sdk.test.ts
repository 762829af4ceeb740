import { type Address, numberToHex } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { type Config, createConfig, createConnector, createStorage, http } from 'wagmi'
import { connect, getAccount, reconnect } from 'wagmi/actions'
import { injected } from 'wagmi/connectors'
import { MemoryStorage } from '../lib/framing.ts'
import { deferWalletSdk } from './deferred-wallet-sdk.ts'
import { rememberedConnectorIds } from './remembered-connection.ts'

const account: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

type Provider = { request(args: { method: string }): Promise<unknown> }

/**
 * A connector built like wagmi's WalletConnect one: `setup()` and every method go through
 * `getProvider()`, which is where the SDK would be imported; `sdkLoads` counts those imports.
 * Its wallet has already authorized the page, so a reconnect would connect it.
 */
function sdkWallet() {
  const state = { sdkLoads: 0 }
  let provider: Provider | undefined
  const createConnectorFn = createConnector<Provider>((config) => ({
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    async setup() {
      await this.getProvider()
    },
    async getProvider() {
      if (!provider) {
        state.sdkLoads += 1
        provider = {
          async request({ method }) {
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
            if (method === 'eth_chainId') return numberToHex(mainnet.id)
            throw new Error(`${method} is not supported`)
          },
        }
      }
      return provider
    },
    async connect() {
      const wallet = await this.getProvider()
      const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as Address[]
      return { accounts, chainId: await this.getChainId() } as never
    },
    async disconnect() {},
    async getAccounts() {
      return (await (await this.getProvider()).request({ method: 'eth_accounts' })) as Address[]
    },
    async getChainId() {
      return Number(await (await this.getProvider()).request({ method: 'eth_chainId' }))
    },
    async isAuthorized() {
      return (await this.getAccounts()).length > 0
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {
      config.emitter.emit('disconnect')
    },
  }))
  return { state, createConnectorFn }
}

/** The wallet as RainbowKit builds it: wagmi's connector with the wallet's details in `rkDetails`. */
function rainbowKitWallet(wallet: ReturnType<typeof sdkWallet>, details: { id: string; name: string }) {
  return createConnector<Provider>((config) => ({
    ...wallet.createConnectorFn(config),
    rkDetails: details,
  }))
}

function configWith(
  connectors: Parameters<typeof createConfig>[0]['connectors'],
  storage: MemoryStorage = new MemoryStorage(),
): Config {
  return createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http('http://127.0.0.1:9') },
    connectors,
    storage: createStorage({ storage }),
    multiInjectedProviderDiscovery: false,
  })
}

function walletConnector(config: Config) {
  const connector = config.connectors.find((candidate) => candidate.type === 'walletConnect')
  if (!connector) throw new Error('no WalletConnect connector')
  return connector
}

describe('deferWalletSdk', () => {
  it('is needed: left alone, wagmi loads the SDK at start and reconnects through it', async () => {
    const wallet = sdkWallet()
    const config = configWith([wallet.createConnectorFn])
    await reconnect(config)
    expect(wallet.state.sdkLoads).toBe(1)
    expect(getAccount(config).status).toBe('connected')
  })

  it('keeps the SDK unloaded through start and reconnect, while the wallet stays listed', async () => {
    const wallet = sdkWallet()
    const config = configWith([deferWalletSdk(wallet.createConnectorFn, new Set())])
    await reconnect(config)
    expect(wallet.state.sdkLoads).toBe(0)
    expect(getAccount(config).status).toBe('disconnected')
    expect(config.connectors.map((connector) => connector.name)).toEqual(['WalletConnect'])
  })

  it('loads the SDK when the wallet is picked, for the QR code’s provider asked just before', async () => {
    const wallet = sdkWallet()
    const config = configWith([deferWalletSdk(wallet.createConnectorFn, new Set())])
    const connector = walletConnector(config)
    // RainbowKit's order on a pick: the provider for the QR code, then getChainId and connect.
    const provider = connector.getProvider()
    const chainId = connector.getChainId()
    expect(await provider).toBeDefined()
    expect(await chainId).toBe(mainnet.id)
    await connect(config, { connector })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: account })
    expect(wallet.state.sdkLoads).toBe(1)
  })

  it('gives no provider to a request that no pick follows', async () => {
    const wallet = sdkWallet()
    const config = configWith([deferWalletSdk(wallet.createConnectorFn, new Set())])
    expect(await walletConnector(config).getProvider()).toBeUndefined()
    expect(await walletConnector(config).isAuthorized()).toBe(false)
    expect(wallet.state.sdkLoads).toBe(0)
  })

  it('leaves a connection wagmi remembers as it is, so a reload reconnects it', async () => {
    const wallet = sdkWallet()
    const config = configWith([deferWalletSdk(wallet.createConnectorFn, new Set(['walletConnect']))])
    await reconnect(config)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: account })
    expect(wallet.state.sdkLoads).toBe(1)
  })

  it('reconnects a RainbowKit wallet, which wagmi remembers by the wallet’s id, after every reload', async () => {
    const wallet = sdkWallet()
    const storage = new MemoryStorage()
    const rainbow = () => rainbowKitWallet(wallet, { id: 'rainbow', name: 'Rainbow' })
    const load = () =>
      configWith([deferWalletSdk(rainbow(), new Set(rememberedConnectorIds(storage)))], storage)
    const first = load()
    const connector = walletConnector(first)
    // RainbowKit's connectWallet: the connector merged with its rkDetails, so wagmi stores "rainbow".
    const { rkDetails } = connector as unknown as { rkDetails: { id: string; name: string } }
    await connect(first, { connector: { ...connector, ...rkDetails } })
    expect(rememberedConnectorIds(storage)).toEqual(['rainbow'])
    const reloaded = load()
    await reconnect(reloaded)
    expect(getAccount(reloaded)).toMatchObject({ status: 'connected', address: account })
    // The reconnect stored the connector's own id; the next reload reconnects through that one.
    expect(rememberedConnectorIds(storage)).toEqual(['walletConnect'])
    const again = load()
    await reconnect(again)
    expect(getAccount(again)).toMatchObject({ status: 'connected', address: account })
  })

  it('leaves connectors without an SDK untouched', () => {
    const injectedFn = injected()
    const config = configWith([deferWalletSdk(injectedFn, new Set())])
    const connector = config.connectors[0]
    expect(connector?.type).toBe('injected')
    expect(connector?.setup).toBeTypeOf('function')
  })
})
