import { createServer } from 'node:net'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createPublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainTransport, toViemChain } from './chains.ts'

/** A port on which nothing listens: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const ethereum = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://eth.example', 'wss://eth.example/ws'],
  blockExplorerUrl: 'https://etherscan.io',
}

describe('toViemChain', () => {
  it('carries id, name, currency, RPC URLs by scheme and the block explorer', () => {
    const chain = toViemChain(ethereum)
    expect(chain.id).toBe(1)
    expect(chain.name).toBe('Ethereum')
    expect(chain.nativeCurrency).toEqual(ethereum.nativeCurrency)
    expect(chain.rpcUrls.default).toEqual({
      http: ['https://eth.example'],
      webSocket: ['wss://eth.example/ws'],
    })
    expect(chain.blockExplorers?.default).toEqual({ name: 'etherscan.io', url: 'https://etherscan.io' })
  })

  it('has no explorer when none is configured, and refuses non-positive chain ids', () => {
    expect(toViemChain({ ...ethereum, blockExplorerUrl: undefined } as never).blockExplorers).toBeUndefined()
    expect(() => toViemChain({ ...ethereum, id: 0 })).toThrow('chain id must be positive, got 0')
    expect(() => toViemChain({ ...ethereum, id: -1 })).toThrow('chain id must be positive, got -1')
  })

  it('starts explorer links where explorerLinkBase says, for chains with an explorer only', () => {
    const viaSignet = (chain: { id: number }) => `https://signet.example/explorer/${chain.id}`
    expect(toViemChain(ethereum, viaSignet).blockExplorers?.default).toEqual({
      name: 'etherscan.io',
      url: 'https://signet.example/explorer/1',
    })
    expect(
      toViemChain({ ...ethereum, blockExplorerUrl: undefined } as never, viaSignet).blockExplorers,
    ).toBeUndefined()
    expect(toViemChain(ethereum).blockExplorers?.default.url).toBe('https://etherscan.io')
  })
})

describe('chainTransport (on a real anvil chain)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 4242 })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('uses the shared RPC timeout, retries and batching on each HTTP URL', () => {
    const transport = chainTransport([anvil.rpcUrl])({ chain: undefined })
    expect(transport.config).toMatchObject({ type: 'http', timeout: 10_000, retryCount: 2, retryDelay: 100 })
    expect(transport.value?.url).toBe(anvil.rpcUrl)
  })

  it('falls back to the next URL when one is down', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`
    const client = createPublicClient({ transport: chainTransport([dead, anvil.rpcUrl]) })
    expect(await client.getChainId()).toBe(4242)
  })

  it('uses a WebSocket transport for ws:// URLs, with the same timeout and retries', () => {
    const transport = chainTransport(['ws://127.0.0.1:1', anvil.rpcUrl])({ chain: undefined })
    const [webSocket, http] = (
      transport.value as { transports: ReturnType<ReturnType<typeof chainTransport>>[] }
    ).transports
    expect(transport.config.type).toBe('fallback')
    expect(webSocket?.config).toMatchObject({
      type: 'webSocket',
      timeout: 10_000,
      retryCount: 2,
      retryDelay: 100,
    })
    expect(http?.config).toMatchObject({ type: 'http', timeout: 10_000, retryCount: 2, retryDelay: 100 })
  })
})
