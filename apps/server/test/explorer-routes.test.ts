import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { createSafe } from '@signet/devchain/safe'
import {
  execSafeTransaction,
  safeTransactionHash,
  signSafeTransaction,
} from '@signet/devchain/safe-signatures'
import { sendTransactions } from '@signet/devchain/send-transactions'
import { createGatewayClient } from '@signet/gateway/client'
import { type LocalGateway, startLocalGateway } from '@signet/sandbox/gateway/local-gateway'
import pino from 'pino'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config/config.ts'
import { toPublicConfig } from '../src/config/public-config.ts'
import { createApp } from '../src/http/app.ts'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import { openDatabase, type StoreDatabase } from '../src/store/database.ts'

// The explorer redirect, wired in the real app, against the local gateway on a real anvil chain.

const explorer = 'https://explorer.example/local'
const safeHost = 'https://safe-host.example'
const zeroAddress = '0x0000000000000000000000000000000000000000'

let demo: DemoChain
let gateway: LocalGateway
let db: StoreDatabase

function makeApp(gatewayUrl: string, explorerLookupTimeoutMs?: number) {
  const config = loadConfig({
    SIGNET_RPC_31337: demo.anvil.rpcUrl,
    SIGNET_RPC_8453: 'https://base.example',
    SIGNET_EXPLORER_31337: explorer,
    SIGNET_SAFE_HOSTS: `${safeHost},http://127.0.0.1:9`,
  })
  const origin = 'http://localhost:8787'
  return createApp({
    db,
    domain: 'localhost:8787',
    origin,
    chainIds: config.chains.map((chain) => chain.id),
    clientFor: () => undefined,
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 600_000,
    publicConfig: toPublicConfig({ ...config, origin }, gatewayUrl),
    safeHosts: config.safeHosts,
    rateLimit: { enabled: false, noncePerMinute: 1, verifyPerMinute: 1 },
    webDist: '/nonexistent',
    log: pino({ level: 'silent' }),
    ...(explorerLookupTimeoutMs ? { explorerLookupTimeoutMs } : {}),
  })
}

type App = ReturnType<typeof makeApp>

async function redirectOf(app: App, path: string) {
  const response = await app.request(path)
  return {
    status: response.status,
    location: response.headers.get('Location'),
    cache: response.headers.get('Cache-Control'),
  }
}

async function errorOf(app: App, path: string) {
  const response = await app.request(path)
  return { status: response.status, body: await response.json() }
}

const owner = (index: number) => {
  const account = demo.anvil.accounts[index]
  if (!account) throw new Error(`no anvil account ${index}`)
  return account
}

beforeAll(async () => {
  demo = await startDemoChain()
  gateway = await startLocalGateway({
    rpcUrl: demo.anvil.rpcUrl,
    chainId: 31337,
    deployments: demo.deployments,
  })
  db = await openDatabase({ kind: 'sqlite', path: ':memory:' })
})

afterAll(async () => {
  await db?.destroy()
  await gateway?.stop()
  await demo?.stop()
})

describe('GET /explorer/:chainId/tx/:hash', () => {
  it('leads an executed Safe transaction’s safeTxHash to its chain transaction', async () => {
    const executed = await execSafeTransaction({
      rpcUrl: demo.anvil.rpcUrl,
      safe: demo.demoSafe.address,
      ownerKeys: [owner(0).privateKey, owner(1).privateKey],
      to: owner(7).address,
    })
    expect(executed.transactionHash).not.toBe(executed.safeTxHash)
    expect(await redirectOf(makeApp(gateway.url), `/explorer/31337/tx/${executed.safeTxHash}`)).toEqual({
      status: 302,
      location: `${explorer}/tx/${executed.transactionHash}`,
      cache: 'no-store',
    })
  })

  it('leads a Safe transaction not executed yet to its page on the first Safe{Wallet} host', async () => {
    const safe = await createSafe({
      rpcUrl: demo.anvil.rpcUrl,
      deployment: demo.deployments['1.4.1'],
      owners: [owner(0).address, owner(1).address, owner(2).address],
      threshold: 2,
      saltNonce: 7001n,
    })
    const ref = { safe, chainId: 31337, version: '1.4.1' }
    const tx = { to: owner(7).address, value: 0n, data: '0x' as Hex, nonce: 0n }
    const safeTxHash = safeTransactionHash({ ...ref, tx })
    const { signature } = await signSafeTransaction(owner(0).privateKey, { ...ref, tx })
    // As Safe{Wallet} does when the first owner signs: the gateway learns the transaction.
    await createGatewayClient({ baseUrl: gateway.url }).proposeTransaction(31337, safe, {
      to: tx.to,
      value: '0',
      data: '0x',
      nonce: '0',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      safeTxHash,
      sender: owner(0).address,
      signature,
    })
    expect(await redirectOf(makeApp(gateway.url), `/explorer/31337/tx/${safeTxHash}`)).toEqual({
      status: 302,
      location: `${safeHost}/transactions/tx?safe=anvil:${safe}&id=multisig_${safe}_${safeTxHash}`,
      cache: 'no-store',
    })
  })

  it('leads a hash the gateway does not know (a chain transaction) to the explorer as it is', async () => {
    const [receipt] = await sendTransactions(demo.anvil.rpcUrl, owner(5).privateKey, [
      { to: owner(6).address, value: 1n, data: '0x' },
    ])
    const hash = receipt?.transactionHash ?? ''
    expect(await redirectOf(makeApp(gateway.url), `/explorer/31337/tx/${hash}`)).toEqual({
      status: 302,
      location: `${explorer}/tx/${hash}`,
      cache: 'no-store',
    })
  })

  it('answers 503 with the reason when the gateway cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo
        server.close(() => resolve(port))
      })
    })
    const hash = `0x${'ab'.repeat(32)}`
    const { status, body } = await errorOf(
      makeApp(`http://127.0.0.1:${closedPort}`),
      `/explorer/31337/tx/${hash}`,
    )
    expect(status).toBe(503)
    expect(body).toEqual({
      error: {
        code: 'gateway_unavailable',
        message: `The Safe Client Gateway could not tell whether ${hash} is a Safe transaction: The Safe Client Gateway could not be reached (GET http://127.0.0.1:${closedPort}/v1/chains/31337/transactions/${hash}): fetch failed`,
      },
    })
  })

  describe('with a gateway that never answers', () => {
    let stalled: Server
    beforeAll(async () => {
      stalled = createServer(() => {})
      await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve))
    })
    afterAll(async () => {
      stalled.closeAllConnections()
      await new Promise((resolve) => stalled.close(resolve))
    })

    it('gives up after the lookup time-out, every retry included, with a 503', async () => {
      const { port } = stalled.address() as AddressInfo
      const hash = `0x${'cd'.repeat(32)}`
      const started = Date.now()
      const { status, body } = await errorOf(
        makeApp(`http://127.0.0.1:${port}`, 400),
        `/explorer/31337/tx/${hash}`,
      )
      expect(Date.now() - started).toBeLessThan(1_500)
      expect(status).toBe(503)
      expect(body).toEqual({
        error: {
          code: 'gateway_unavailable',
          message: `The Safe Client Gateway could not tell whether ${hash} is a Safe transaction: it did not answer within 400 ms`,
        },
      })
    })
  })
})

describe('in demo mode (Signet started its own chain, gateway and sandbox Safe{Wallet} host)', () => {
  let signet: RunningSignet
  beforeAll(async () => {
    signet = await startSignet({
      env: { PORT: '0', DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', SIGNET_EXPLORER_31337: explorer },
      webDist: '/nonexistent',
    })
  }, 120_000)
  afterAll(() => signet?.stop())

  it('leads a Safe transaction not executed yet to its page on the sandbox host, not app.safe.global', async () => {
    const sandboxUrl = signet.demo?.sandboxUrl ?? ''
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // Still allowed to frame Signet, with the sandbox before it.
    expect(signet.config.safeHosts).toEqual([sandboxUrl, 'https://app.safe.global'])
    const [safe] = signet.demo?.fixtures.demoSafes ?? []
    if (!safe) throw new Error('no demo Safe')
    const post = async <T>(path: string, body: unknown) => {
      const response = await fetch(`${sandboxUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as T
    }
    // The sandbox host proposes the transaction to the local gateway when its first owner signs.
    const { safeTxHash } = await post<{ safeTxHash: string }>('/api/transactions', {
      safe: safe.address,
      calls: [{ to: safe.owners[1], value: '0' }],
    })
    await post(`/api/transactions/${safeTxHash}/confirm`, { owner: safe.owners[0] })

    const response = await fetch(`${signet.listenUrl}/explorer/31337/tx/${safeTxHash}`, {
      redirect: 'manual',
    })
    const location = `${sandboxUrl}/transactions/tx?safe=anvil:${safe.address}&id=multisig_${safe.address}_${safeTxHash}`
    expect([response.status, response.headers.get('Location')]).toEqual([302, location])
    const page = await fetch(location)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<main id="transaction-page">')
  })
})

describe('GET /explorer/:chainId/address/:address', () => {
  it('leads to the address on the chain’s explorer', async () => {
    const safe = demo.demoSafe.address
    expect(await redirectOf(makeApp(gateway.url), `/explorer/31337/address/${safe}`)).toEqual({
      status: 302,
      location: `${explorer}/address/${safe}`,
      cache: 'no-store',
    })
    // A default chain keeps its default explorer.
    expect((await redirectOf(makeApp(gateway.url), `/explorer/1/address/${safe}`)).location).toBe(
      `https://etherscan.io/address/${safe}`,
    )
  })
})

describe('invalid explorer links', () => {
  const hash = `0x${'ab'.repeat(32)}`

  it.each([
    [
      `/explorer/5/tx/${hash}`,
      '"5" is not a configured chain id (configured: 1, 100, 11155111, 31337, 8453).',
    ],
    [
      `/explorer/mainnet/address/${zeroAddress}`,
      '"mainnet" is not a configured chain id (configured: 1, 100, 11155111, 31337, 8453).',
    ],
    ['/explorer/31337/tx/0x1234', '"0x1234" is not a transaction hash (0x and 64 hex digits).'],
    [`/explorer/31337/tx/${hash}00`, `"${hash}00" is not a transaction hash (0x and 64 hex digits).`],
    [
      '/explorer/31337/address/0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '"0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266" is not an address (0x and 40 hex digits, checksummed if mixed-case).',
    ],
  ])('%s → 400 invalid_request', async (path, message) => {
    expect(await errorOf(makeApp(gateway.url), path)).toEqual({
      status: 400,
      body: { error: { code: 'invalid_request', message } },
    })
  })

  it('answers 404 for a chain without an explorer, before asking the gateway', async () => {
    // The gateway URL goes nowhere: a lookup would have been a 503.
    const app = makeApp('http://127.0.0.1:9')
    for (const path of [`/explorer/8453/tx/${hash}`, `/explorer/8453/address/${zeroAddress}`]) {
      expect(await errorOf(app, path)).toEqual({
        status: 404,
        body: {
          error: {
            code: 'no_explorer',
            message: 'Chain 8453 has no block explorer configured (set SIGNET_EXPLORER_8453).',
          },
        },
      })
    }
  })
})
