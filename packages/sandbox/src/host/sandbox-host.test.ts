import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import {
  readIsValidSignature,
  readLegacyIsValidSignature,
  safeTransactionHash,
  signSafeTransaction,
} from '@signet/devchain/safe-signatures'
import { createGatewayClient, type GatewayClient } from '@signet/gateway/client'
import { type Address, type Hex, hashMessage, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalGateway, startLocalGateway } from '../gateway/local-gateway.ts'
import type { HostContext, MessageView, TransactionView } from './page/host-types.ts'
import { type SandboxHost, startSandboxHost } from './sandbox-host.ts'

let chain: DemoChain
let gateway: LocalGateway
let client: GatewayClient
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
  client = createGatewayClient({ baseUrl: gateway.url })
}, 120_000)

afterAll(async () => {
  await host?.stop()
  await gateway?.stop()
  await chain?.stop()
})

async function api<T>(path: string, body?: unknown, base = host.url): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
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

    const first = await api<MessageView>(`/api/messages/${messageHash}/confirm`, {
      owner: chain.demoSafe.owners[2],
    })
    expect(first.body).toMatchObject({ confirmationsSubmitted: 1, preparedSignature: null })
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

type HostError = { error: { code: string; message: string } }

/** The gateway's queue item of a Safe transaction, if queued. */
async function queuedOnGateway(safe: Address, safeTxHash: string) {
  const queue = await client.getTransactionQueue(31337, safe)
  return queue.results.find(
    (item) => item.type === 'TRANSACTION' && item.transaction.id === `multisig_${safe}_${safeTxHash}`,
  )
}

describe('sandbox host and the gateway, as Safe{Wallet}', () => {
  it('proposes a Safe transaction with the first owner’s signature, confirms the second’s, and the gateway follows it to history', async () => {
    const safe = chain.demoSafe.address
    const proposed = await api<TransactionView>('/api/transactions', {
      safe,
      calls: [{ to: chain.anvil.accounts[7]?.address, value: '0' }],
      origin: 'http://localhost:9',
    })
    const { safeTxHash } = proposed.body
    // Not signed yet: nothing is proposed (Safe{Wallet} proposes with the first signature).
    expect(await queuedOnGateway(safe, safeTxHash)).toBeUndefined()

    await api(`/api/transactions/${safeTxHash}/confirm`, { owner: chain.demoSafe.owners[1] })
    expect(await queuedOnGateway(safe, safeTxHash)).toMatchObject({
      transaction: {
        txStatus: 'AWAITING_CONFIRMATIONS',
        executionInfo: { type: 'MULTISIG', confirmationsSubmitted: 1, confirmationsRequired: 2 },
      },
    })
    const details = await client.getTransactionDetails(31337, safeTxHash)
    expect(details.detailedExecutionInfo).toMatchObject({
      confirmations: [{ signer: { value: chain.demoSafe.owners[1] } }],
    })

    await api(`/api/transactions/${safeTxHash}/confirm`, { owner: chain.demoSafe.owners[2] })
    expect(await queuedOnGateway(safe, safeTxHash)).toMatchObject({
      transaction: {
        txStatus: 'AWAITING_EXECUTION',
        executionInfo: { type: 'MULTISIG', confirmationsSubmitted: 2 },
      },
    })

    const executed = await api<TransactionView>(`/api/transactions/${safeTxHash}/execute`, {})
    expect(executed.body.status).toBe('SUCCESS')
    expect(await queuedOnGateway(safe, safeTxHash)).toBeUndefined()
    const history = await client.getTransactionHistory(31337, safe)
    expect(
      history.results.find(
        (item) => item.type === 'TRANSACTION' && item.transaction.id === `multisig_${safe}_${safeTxHash}`,
      ),
    ).toMatchObject({ transaction: { txStatus: 'SUCCESS', txHash: executed.body.txHash } })
  })

  it('picks the nonce after the gateway’s queue and takes over a transaction proposed there by others', async () => {
    const safe = legacySafe
    const { nonce } = await client.getSafeInfo(31337, safe)
    const ref = { safe, chainId: 31337, version: '1.1.1' }
    const tx = { to: chain.demoSafe.owners[0] as Address, value: 0n, data: '0x' as Hex, nonce: BigInt(nonce) }
    const safeTxHash = safeTransactionHash({ ...ref, tx })
    const first = await signSafeTransaction(chain.demoSafe.ownerKeys[0] as Hex, { ...ref, tx })
    await client.proposeTransaction(31337, safe, {
      to: tx.to,
      value: '0',
      data: '0x',
      nonce: String(nonce),
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      safeTxHash,
      sender: chain.demoSafe.owners[0] as Address,
      signature: first.signature,
    })

    const taken = await api<TransactionView>(`/api/transactions/${safeTxHash}`)
    expect(taken.body).toMatchObject({
      safe,
      nonce,
      status: 'AWAITING_CONFIRMATIONS',
      confirmationsSubmitted: 1,
      pendingSigners: chain.demoSafe.owners.slice(1),
    })
    const next = await api<TransactionView>('/api/transactions', {
      safe,
      calls: [{ to: chain.demoSafe.owners[1], value: '0' }],
    })
    expect(next.body.nonce).toBe(nonce + 1)

    const confirmed = await api<TransactionView>(`/api/transactions/${safeTxHash}/confirm`, {
      owner: chain.demoSafe.owners[2],
    })
    expect(confirmed.body.status).toBe('AWAITING_EXECUTION')
    expect(await queuedOnGateway(safe, safeTxHash)).toMatchObject({
      transaction: { executionInfo: { type: 'MULTISIG', confirmationsSubmitted: 2 } },
    })
    const executed = await api<TransactionView>(`/api/transactions/${safeTxHash}/execute`, {})
    expect(executed.body.status).toBe('SUCCESS')
    expect((await client.getTransactionDetails(31337, safeTxHash)).txHash).toBe(executed.body.txHash)

    const unknown = await api<HostError>(`/api/transactions/0x${'ab'.repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toEqual({
      code: 'NOT_FOUND',
      message: `No transaction with safeTxHash 0x${'ab'.repeat(32)}`,
    })
  })

  it('serves Safe{Wallet}’s transaction page path', async () => {
    const safe = chain.demoSafe.address
    const response = await fetch(
      `${host.url}/transactions/tx?safe=anvil:${safe}&id=multisig_${safe}_0x${'ab'.repeat(32)}`,
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<main id="transaction-page">')
    expect(html).not.toContain('<iframe')
  })

  it('does not keep a signature the gateway did not take, and says why', async () => {
    const lonelyGateway = await startLocalGateway({
      rpcUrl: chain.anvil.rpcUrl,
      chainId: 31337,
      deployments: Object.values(chain.deployments),
    })
    const lonelyHost = await startSandboxHost({
      appUrl: 'http://localhost:9/',
      rpcUrl: chain.anvil.rpcUrl,
      chainId: 31337,
      safes: [{ address: chain.demoSafe.address, ownerKeys: chain.demoSafe.ownerKeys }],
      deployments: Object.values(chain.deployments),
      gatewayUrl: lonelyGateway.url,
    })
    try {
      const tx = await api<TransactionView>(
        '/api/transactions',
        { safe: chain.demoSafe.address, calls: [{ to: chain.demoSafe.owners[0], value: '0' }] },
        lonelyHost.url,
      )
      const message = await api<MessageView>(
        '/api/messages',
        { safe: chain.demoSafe.address, message: `Unheard ${Date.now()}` },
        lonelyHost.url,
      )
      await lonelyGateway.stop()

      const refused = await api<HostError>(
        `/api/transactions/${tx.body.safeTxHash}/confirm`,
        { owner: chain.demoSafe.owners[0] },
        lonelyHost.url,
      )
      expect(refused.status).toBe(502)
      expect(refused.body.error).toEqual({
        code: 'GATEWAY_FAILED',
        message: `The Safe Client Gateway did not take the proposal: The Safe Client Gateway could not be reached (POST ${lonelyGateway.url}/v1/chains/31337/transactions/${chain.demoSafe.address}/propose): fetch failed`,
      })
      const after = await api<TransactionView>(
        `/api/transactions/${tx.body.safeTxHash}`,
        undefined,
        lonelyHost.url,
      )
      expect(after.body.confirmationsSubmitted).toBe(0)

      const unsigned = await api<HostError>(
        `/api/messages/${message.body.messageHash}/confirm`,
        { owner: chain.demoSafe.owners[0] },
        lonelyHost.url,
      )
      expect(unsigned.status).toBe(502)
      expect(unsigned.body.error.message).toBe(
        `The Safe Client Gateway did not take the message: The Safe Client Gateway could not be reached (POST ${lonelyGateway.url}/v1/chains/31337/safes/${chain.demoSafe.address}/messages): fetch failed`,
      )
      const message2 = await api<MessageView>(
        `/api/messages/${message.body.messageHash}`,
        undefined,
        lonelyHost.url,
      )
      expect(message2.body.confirmationsSubmitted).toBe(0)
    } finally {
      await lonelyHost.stop()
      await lonelyGateway.stop().catch(() => undefined)
    }
  })
})
