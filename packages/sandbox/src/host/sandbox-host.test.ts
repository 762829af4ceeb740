import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import { readIsValidSignature, readLegacyIsValidSignature } from '@signet/devchain/safe-signatures'
import { createGatewayClient } from '@signet/gateway/client'
import { type Address, hashMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalGateway, startLocalGateway } from '../gateway/local-gateway.ts'
import type { HostContext, MessageView, TransactionView } from './page/host-types.ts'
import { type SandboxHost, startSandboxHost } from './sandbox-host.ts'

let chain: DemoChain
let gateway: LocalGateway
let host: SandboxHost
let legacySafe: Address

beforeAll(async () => {
  chain = await startDemoChain()
  const legacy = await deploySafeContracts(chain.anvil.rpcUrl, '1.1.1')
  const keys = chain.demoSafe.ownerKeys
  legacySafe = await createSafe({
    rpcUrl: chain.anvil.rpcUrl,
    deployment: legacy,
    owners: chain.demoSafe.owners,
    threshold: 2,
  })
  gateway = await startLocalGateway({
    rpcUrl: chain.anvil.rpcUrl,
    chainId: 31337,
    deployments: [...Object.values(chain.deployments), legacy],
  })
  host = await startSandboxHost({
    appUrl: 'http://localhost:9/',
    rpcUrl: chain.anvil.rpcUrl,
    chainId: 31337,
    safes: [
      { address: chain.demoSafe.address, ownerKeys: keys },
      { address: legacySafe, ownerKeys: keys },
    ],
    deployments: [...Object.values(chain.deployments), legacy],
    gatewayUrl: gateway.url,
  })
}, 120_000)

afterAll(async () => {
  await host?.stop()
  await gateway?.stop()
  await chain?.stop()
})

async function api<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${host.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

describe('sandbox host', () => {
  it('serves its page on 127.0.0.1 and its script built from TypeScript', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const page = await fetch(host.url)
    expect(await page.text()).toContain('<iframe id="safe-app"')
    const script = await fetch(`${host.url}/host.js`)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toContain('Transaction was rejected')
  })

  it('describes the Safes, the chain and an address book', async () => {
    const { body } = await api<HostContext>('/api/context')
    expect(body.appUrl).toBe('http://localhost:9/')
    expect(body.chain).toMatchObject({
      chainId: '31337',
      chainName: 'Local chain',
      nativeCurrency: { symbol: 'ETH' },
    })
    expect(
      body.safes.map((safe) => [safe.safeAddress, safe.threshold, safe.owners.length, safe.version]),
    ).toEqual([
      [chain.demoSafe.address, 2, 3, '1.4.1'],
      [legacySafe, 2, 3, '1.1.1'],
    ])
    expect(body.safes[0]?.signers).toEqual(chain.demoSafe.owners)
    expect(body.addressBook).toContainEqual({
      address: chain.demoSafe.owners[1],
      chainId: '31337',
      name: 'Owner 2',
    })
  })

  it('relays only the SDK read calls', async () => {
    const ok = await api<{ result: string }>('/api/rpc', {
      call: 'eth_getCode',
      params: [chain.demoSafe.address, 'latest'],
    })
    expect(ok.body.result).toMatch(/^0x[0-9a-f]+$/)
    const refused = await api<{ error: { code: string; message: string } }>('/api/rpc', {
      call: 'eth_sendRawTransaction',
      params: ['0x00'],
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({
      code: 'RPC_CALL_NOT_ALLOWED',
      message: 'RPC call eth_sendRawTransaction is not allowed',
    })
  })

  it('collects owner signatures for an off-chain message and publishes them to the gateway', async () => {
    const text = `Sign in to Signet\n\nnonce ${Date.now()}`
    const created = await api<MessageView>('/api/messages', {
      safe: chain.demoSafe.address,
      message: text,
      origin: 'http://localhost:9',
    })
    expect(created.body).toMatchObject({
      status: 'NEEDS_CONFIRMATION',
      confirmationsSubmitted: 0,
      confirmationsRequired: 2,
    })
    const { messageHash } = created.body
    const client = createGatewayClient({ baseUrl: gateway.url })

    const first = await api<MessageView>(`/api/messages/${messageHash}/confirm`, {
      owner: chain.demoSafe.owners[2],
    })
    expect(first.body).toMatchObject({
      confirmationsSubmitted: 1,
      preparedSignature: null,
      gatewayError: null,
    })
    expect(first.body.pendingSigners).toEqual(chain.demoSafe.owners.slice(0, 2))
    expect(await client.getSafeMessage(31337, messageHash)).toMatchObject({
      confirmationsSubmitted: 1,
      status: 'NEEDS_CONFIRMATION',
    })

    const again = await api<{ error: { code: string } }>(`/api/messages/${messageHash}/confirm`, {
      owner: chain.demoSafe.owners[2],
    })
    expect(again.body.error.code).toBe('ALREADY_CONFIRMED')

    const second = await api<MessageView>(`/api/messages/${messageHash}/confirm`, {
      owner: chain.demoSafe.owners[0],
    })
    expect(second.body.status).toBe('CONFIRMED')
    const gatewayView = await client.getSafeMessage(31337, messageHash)
    expect(gatewayView).toMatchObject({ status: 'CONFIRMED', confirmationsSubmitted: 2 })
    expect(second.body.preparedSignature).toBe(gatewayView.preparedSignature)
    expect(
      await readIsValidSignature({
        rpcUrl: chain.anvil.rpcUrl,
        safe: chain.demoSafe.address,
        hash: hashMessage(text),
        signature: second.body.preparedSignature as `0x${string}`,
      }),
    ).toBe('0x1626ba7e')
  })

  it('signs a message on-chain: proposed, confirmed, executed, then 0x is valid', async () => {
    const text = `On-chain sign-in ${Date.now()}`
    const proposed = await api<TransactionView>('/api/transactions/message-approval', {
      safe: chain.demoSafe.address,
      message: text,
    })
    const { safeTxHash } = proposed.body
    expect(proposed.body).toMatchObject({
      status: 'AWAITING_CONFIRMATIONS',
      confirmationsSubmitted: 0,
      txHash: null,
    })
    const early = await api<{ error: { code: string } }>(`/api/transactions/${safeTxHash}/execute`, {})
    expect(early.body.error.code).toBe('BELOW_THRESHOLD')
    await api(`/api/transactions/${safeTxHash}/confirm`, { owner: chain.demoSafe.owners[0] })
    const confirmed = await api<TransactionView>(`/api/transactions/${safeTxHash}/confirm`, {
      owner: chain.demoSafe.owners[1],
    })
    expect(confirmed.body.status).toBe('AWAITING_EXECUTION')
    const executed = await api<TransactionView>(`/api/transactions/${safeTxHash}/execute`, {})
    expect(executed.body.status).toBe('SUCCESS')
    expect(executed.body.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(executed.body.details).toMatchObject({
      txStatus: 'SUCCESS',
      txHash: executed.body.txHash,
      detailedExecutionInfo: { type: 'MULTISIG', safeTxHash, confirmationsRequired: 2 },
    })
    expect(
      await readIsValidSignature({
        rpcUrl: chain.anvil.rpcUrl,
        safe: chain.demoSafe.address,
        hash: hashMessage(text),
        signature: '0x',
      }),
    ).toBe('0x1626ba7e')
  })

  it('cancels a queued transaction with an on-chain rejection', async () => {
    const proposed = await api<TransactionView>('/api/transactions', {
      safe: chain.demoSafe.address,
      calls: [{ to: chain.demoSafe.owners[0], value: '0' }],
    })
    const { safeTxHash } = proposed.body
    await api(`/api/transactions/${safeTxHash}/confirm`, { owner: chain.demoSafe.owners[0] })
    const cancelled = await api<TransactionView>(`/api/transactions/${safeTxHash}/cancel`, {})
    expect(cancelled.body.status).toBe('CANCELLED')
    expect(cancelled.body.details).toMatchObject({ txStatus: 'CANCELLED', txHash: null })
  })

  it('signs a message on-chain for a Safe 1.1.1 (its own signMessage)', async () => {
    const text = `Legacy sign-in ${Date.now()}`
    const { body } = await api<TransactionView>('/api/transactions/message-approval', {
      safe: legacySafe,
      message: text,
    })
    await api(`/api/transactions/${body.safeTxHash}/confirm`, { owner: chain.demoSafe.owners[1] })
    await api(`/api/transactions/${body.safeTxHash}/confirm`, { owner: chain.demoSafe.owners[2] })
    const executed = await api<TransactionView>(`/api/transactions/${body.safeTxHash}/execute`, {})
    expect(executed.body.status).toBe('SUCCESS')
    expect(
      await readLegacyIsValidSignature({
        rpcUrl: chain.anvil.rpcUrl,
        safe: legacySafe,
        data: hashMessage(text),
        signature: '0x',
      }),
    ).toBe('0x20c13b0b')
  })

  it('refuses a Safe it does not offer and an owner it holds no key of', async () => {
    const unknown = await api<{ error: { code: string } }>('/api/messages', {
      safe: chain.singleOwnerSafe.address,
      message: 'x',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('UNKNOWN_SAFE')
    const created = await api<MessageView>('/api/messages', {
      safe: chain.demoSafe.address,
      message: `x ${Date.now()}`,
    })
    const stranger = await api<{ error: { code: string } }>(
      `/api/messages/${created.body.messageHash}/confirm`,
      {
        owner: chain.anvil.accounts[5]?.address,
      },
    )
    expect(stranger.body.error.code).toBe('NOT_AN_OWNER')
  })
})
