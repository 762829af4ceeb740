import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { safeMessageHash } from '@signet/devchain/safe-signatures'
import { SignClient } from '@walletconnect/sign-client'
import { type Address, hashMessage, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalGateway, startLocalGateway } from '../../gateway/local-gateway.ts'
import {
  type LocalWalletConnectRelay,
  startLocalWalletConnectRelay,
} from '../../walletconnect-relay/local-relay.ts'
import { type SandboxHost, startSandboxHost } from '../sandbox-host.ts'
import { memorySignClientStorage } from './memory-storage.ts'

// The sandbox host's WalletConnect feature answered a real dApp-side sign client (the one wagmi's
// WalletConnect connector runs) through the local relay, as Safe{Wallet} answers.

let chain: DemoChain
let gateway: LocalGateway
let relay: LocalWalletConnectRelay
let host: SandboxHost
let dapp: Awaited<ReturnType<typeof SignClient.init>>

beforeAll(async () => {
  chain = await startDemoChain()
  ;[gateway, relay] = await Promise.all([
    startLocalGateway({ rpcUrl: chain.anvil.rpcUrl, chainId: 31337, deployments: chain.deployments }),
    startLocalWalletConnectRelay(),
  ])
  host = await startSandboxHost({
    appUrl: 'http://localhost:9/',
    rpcUrl: chain.anvil.rpcUrl,
    chainId: 31337,
    safes: [
      { address: chain.demoSafe.address, ownerKeys: chain.demoSafe.ownerKeys },
      { address: chain.singleOwnerSafe.address, ownerKeys: chain.singleOwnerSafe.ownerKeys },
    ],
    deployments: chain.deployments,
    gatewayUrl: gateway.url,
    walletConnectRelayUrl: relay.url,
  })
  dapp = await SignClient.init({
    projectId: 'de30de30de30de30de30de30de30de30',
    relayUrl: relay.url,
    customStoragePrefix: 'test-dapp',
    logger: 'silent',
    metadata: { name: 'Test dApp', description: 'a dApp', url: 'http://dapp.test', icons: [] },
    storage: memorySignClientStorage(),
  })
}, 120_000)

afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  dapp?.core.heartbeat.stop()
  await host?.stop()
  await relay?.stop()
  await gateway?.stop()
  await chain?.stop()
})

async function post<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${host.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`)
  return json as T
}

type View = { requests: { id: number; message: { messageHash: string } | null; transaction: unknown }[] }
const view = async () => (await (await fetch(`${host.url}/api/walletconnect`)).json()) as View

async function connect(safe: Address): Promise<string> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] },
    },
  })
  await post('/api/walletconnect/pair', { uri, safe })
  const session = await approval()
  expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${safe}`])
  return session.topic
}

function ask(topic: string, safe: Address, text: string, expiry?: number) {
  return dapp.request<string>({
    topic,
    chainId: 'eip155:31337',
    request: { method: 'personal_sign', params: [toHex(text), safe] },
    ...(expiry ? { expiry } : {}),
  })
}

async function openRequest(): Promise<View['requests'][number]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const request = (await view()).requests.find((candidate) => candidate.message || candidate.transaction)
    if (request) return request
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no request reached the host')
}

const settled = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      (value) => ({ answered: value }),
      (error: unknown) => ({ failed: error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('no answer'), ms)),
  ])

describe('sandbox host over WalletConnect', { timeout: 60_000 }, () => {
  it('1-of-1: answers the prepared signature once the owner signed in the dialog', async () => {
    const safe = chain.singleOwnerSafe.address
    const topic = await connect(safe)
    const answer = ask(topic, safe, 'one of one')
    const request = await openRequest()
    expect(request.message?.messageHash).toBe(
      safeMessageHash({ safe, chainId: 31337, version: '1.4.1', message: hashMessage('one of one') }),
    )
    await post(`/api/walletconnect/requests/${request.id}/sign`, { owner: chain.singleOwnerSafe.owners[0] })
    expect(await answer).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('2-of-3: waits for the co-owner, answers 4001 when the dialog closes, the mobile app -32075', async () => {
    const safe = chain.demoSafe.address
    const topic = await connect(safe)
    const first = ask(topic, safe, 'two of three, closed dialog')
    const request = await openRequest()
    await post(`/api/walletconnect/requests/${request.id}/sign`, { owner: chain.demoSafe.owners[0] })
    expect(await settled(first, 1_500)).toBe('no answer')
    await post(`/api/walletconnect/requests/${request.id}/close-dialog`)
    expect(await settled(first, 5_000)).toMatchObject({
      failed: { code: 4001, message: 'User rejected signature' },
    })

    await post('/api/walletconnect/settings', { mobileApp: true })
    expect(await settled(ask(topic, safe, 'from the phone'), 5_000)).toMatchObject({
      failed: { code: -32075, message: 'Method disabled' },
    })
    await post('/api/walletconnect/settings', { mobileApp: false })
  })

  it('tab closed or on-chain signing: never answers; the on-chain way proposes a SignMessageLib transaction', async () => {
    const safe = chain.demoSafe.address
    const topic = await connect(safe)
    const silent = ask(topic, safe, 'tab closed')
    await openRequest()
    await post('/api/walletconnect/tab-closed')
    expect((await view()).requests).toEqual([])

    await post('/api/walletconnect/settings', { onChainSigning: true })
    const onChain = ask(topic, safe, 'on chain')
    const request = await openRequest()
    await post(`/api/walletconnect/requests/${request.id}/sign`, { owner: chain.demoSafe.owners[0] })
    expect((await view()).requests).toEqual([])
    const queue = (await (await fetch(`${host.url}/api/safes/${safe}/transactions`)).json()) as {
      description: string
      confirmationsSubmitted: number
    }[]
    expect(queue.map((tx) => [tx.description, tx.confirmationsSubmitted])).toContainEqual([
      'Sign message on-chain',
      1,
    ])
    expect(await settled(Promise.race([silent, onChain]), 2_000)).toBe('no answer')
    await post('/api/walletconnect/settings', { onChainSigning: false })
  })
})
