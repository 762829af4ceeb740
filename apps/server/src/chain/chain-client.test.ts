import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RpcCountingProxy, startRpcCountingProxy } from '../../test/rpc-counting-proxy.ts'
import { closeRpcWebSockets, createChainClient, InvalidRpcUrlError } from './chain-client.ts'

let anvil: Anvil
let proxy: RpcCountingProxy

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 100 })
  proxy = await startRpcCountingProxy(anvil.rpcUrl)
})

afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

describe('createChainClient', () => {
  it('uses the shared RPC transport settings: timeout 10 s, 2 retries 100 ms apart', () => {
    const client = createChainClient({ chainId: 100, rpcUrls: [proxy.url, 'wss://rpc.example/ws'] })
    expect(client.chain.id).toBe(100)
    expect(client.transport.type).toBe('fallback')
    expect(client.transport.retryCount).toBe(2)
    expect(client.transport.retryDelay).toBe(100)
    const [httpTransport, wsTransport] = client.transport.transports as {
      config: { type: string; timeout: number }
      value?: { url?: string }
    }[]
    expect(httpTransport?.config).toMatchObject({ type: 'http', timeout: 10_000 })
    expect(wsTransport?.config).toMatchObject({ type: 'webSocket', timeout: 10_000 })
    expect(client.chain.rpcUrls.default).toStrictEqual({
      http: [proxy.url],
      webSocket: ['wss://rpc.example/ws'],
    })
  })

  it('batches requests made in the same tick into one HTTP request', async () => {
    const client = createChainClient({ chainId: 100, rpcUrls: [proxy.url] })
    proxy.reset()
    const [chainId, blockNumber, balance] = await Promise.all([
      client.getChainId(),
      client.getBlockNumber({ cacheTime: 0 }),
      client.getBalance({ address: anvil.accounts[0]?.address ?? '0x' }),
    ])
    expect(chainId).toBe(100)
    expect(blockNumber).toBeGreaterThanOrEqual(0n)
    expect(balance).toBeGreaterThan(0n)
    expect(proxy.methods()).toStrictEqual([['eth_chainId', 'eth_blockNumber', 'eth_getBalance']])
  })

  it('speaks WebSocket to a ws:// URL', async () => {
    const client = createChainClient({ chainId: 100, rpcUrls: [anvil.rpcUrl.replace(/^http/, 'ws')] })
    expect(await client.getChainId()).toBe(100)
    closeRpcWebSockets()
  })

  it('refuses URLs that are neither HTTP nor WebSocket, and an empty list', () => {
    expect(() => createChainClient({ chainId: 1, rpcUrls: ['ftp://rpc.example'] })).toThrow(
      InvalidRpcUrlError,
    )
    expect(() => createChainClient({ chainId: 1, rpcUrls: ['ftp://rpc.example'] })).toThrow(
      'RPC URL ftp://rpc.example must start with http://, https://, ws:// or wss://.',
    )
    expect(() => createChainClient({ chainId: 1, rpcUrls: [] })).toThrow('Chain 1 has no RPC URL.')
  })
})
