import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts, type SafeDeployment } from '@signet/devchain/safe-deploy'
import { SAFE_FIXTURE_OWNERS } from '@signet/devchain/safe-fixture'
import { removeSafeOwner } from '@signet/devchain/safe-owner-changes'
import { devClient } from '@signet/devchain/send-transactions'
import pino from 'pino'
import { type Address, getAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type RpcCountingProxy, startRpcCountingProxy } from '../../test/rpc-counting-proxy.ts'
import { createChainClient } from '../chain/chain-client.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { issueNonce } from '../store/nonce-store.ts'
import { consumeNonceAndCreateSession, findSession } from '../store/session-store.ts'
import { AccountEndedHooks } from './account-ended-hooks.ts'
import { addressesPerLogRequest, ChainSafeWatcher } from './chain-safe-watcher.ts'
import { handledBlocks } from './watch-cursor.ts'
import { watchSafe } from './watched-safes.ts'

// The watcher of one chain driven tick by tick against a real anvil with real Safe 1.4.1 bytecode: what it
// asks the RPC, and what it does when blocks it saw are replaced (reorgs made with evm_snapshot/evm_revert).

let anvil: Anvil
let deployment: SafeDeployment
let proxy: RpcCountingProxy
let db: StoreDatabase
let salt = 1_000n
const log = pino({ level: 'silent' })

beforeAll(async () => {
  anvil = await startAnvil()
  deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  proxy = await startRpcCountingProxy(anvil.rpcUrl)
}, 120_000)

afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

beforeEach(async () => {
  await db?.destroy()
  db = await openDatabase({ kind: 'sqlite', path: ':memory:' })
})

const rpc = <T>(method: string, params: unknown[] = []) =>
  devClient(anvil.rpcUrl).request({ method: method as never, params: params as never }) as Promise<T>
const mine = (blocks: number) => rpc('anvil_mine', [`0x${blocks.toString(16)}`])
const head = async () => Number(BigInt(await rpc<Hex>('eth_blockNumber')))
const ownerKeys = () => anvil.accounts.slice(0, 2).map((account) => account.privateKey as Hex)

function watcher(confirmations: number): ChainSafeWatcher {
  return new ChainSafeWatcher({
    db,
    chainId: 31337,
    client: createChainClient({ chainId: 31337, rpcUrls: [proxy.url] }),
    settings: { intervalMs: 100, confirmations, leaseMs: 60_000, blockRange: 1_000 },
    holder: 'test',
    hooks: new AccountEndedHooks(),
    log,
  })
}

/** A fresh 2-of-3 Safe 1.4.1 with a live Signet session, on the watch list; the session's token. */
async function signedInSafe(): Promise<{ safe: Address; token: string }> {
  salt += 1n
  const safe = await createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment,
    owners: [...SAFE_FIXTURE_OWNERS],
    threshold: 2,
    saltNonce: salt,
  })
  const now = Date.now()
  const { nonce } = await issueNonce(db, now, 60_000)
  const created = await consumeNonceAndCreateSession(
    db,
    nonce,
    { address: safe, chainId: 31337, accountType: 'contract' },
    now,
    3_600_000,
  )
  if (!created) throw new Error('no session')
  await watchSafe(db, { chainId: 31337, address: safe, until: now + 3_600_000 }, now)
  return { safe, token: created.token }
}

const live = async (token: string) => (await findSession(db, token, Date.now())) !== undefined
const removeThirdOwner = (safe: Address) =>
  removeSafeOwner({
    rpcUrl: anvil.rpcUrl,
    safe,
    ownerKeys: ownerKeys(),
    owner: SAFE_FIXTURE_OWNERS[2],
    threshold: 2,
  })
const cursorOf = async () => (await handledBlocks(db, 31337))[0]?.number

describe('RPC calls', () => {
  it('per range of blocks do not grow with the watched Safes: 1 and 200 Safes ask the same', async () => {
    const chain = watcher(0)
    expect(await chain.lease.acquire(Date.now())).toBe(true)
    await signedInSafe()
    await chain.tick()

    const callsOverTenBlocks = async () => {
      await mine(10)
      proxy.reset()
      await chain.tick()
      return proxy.methods().flat().sort()
    }
    const oneSafe = await callsOverTenBlocks()
    for (let index = 0; index < 199; index++)
      await watchSafe(
        db,
        { chainId: 31337, address: privateKeyToAddress(generatePrivateKey()), until: Date.now() + 60_000 },
        Date.now(),
      )
    const twoHundredSafes = await callsOverTenBlocks()

    expect(oneSafe).toEqual([
      'eth_blockNumber',
      'eth_getBlockByNumber',
      'eth_getBlockByNumber',
      'eth_getLogs',
    ])
    expect(twoHundredSafes).toEqual(oneSafe)
    // The two block reads travel in one HTTP request (the reorg check and the range end's hash).
    expect(proxy.requests).toHaveLength(3)
  })

  it('splits the address list in requests of 500 beyond that, and asks nothing when no Safe is watched', async () => {
    const chain = watcher(0)
    await chain.lease.acquire(Date.now())
    proxy.reset()
    await chain.tick()
    expect(proxy.requests).toHaveLength(0)

    for (let index = 0; index < 1_001; index++)
      await watchSafe(
        db,
        { chainId: 31337, address: privateKeyToAddress(generatePrivateKey()), until: Date.now() + 60_000 },
        Date.now(),
      )
    await chain.tick()
    await mine(5)
    proxy.reset()
    await chain.tick()
    const logRequests = proxy.requests
      .flatMap(({ body }) => (Array.isArray(body) ? body : [body]))
      .filter((call) => (call as { method: string }).method === 'eth_getLogs')
      .map((call) => (call as { params: [{ address: string[] }] }).params[0].address.length)
    expect(logRequests.sort((a, b) => a - b)).toEqual([1, addressesPerLogRequest, addressesPerLogRequest])
  })
})

describe('reorgs', () => {
  it('a change whose block a reorg removed before it had its confirmations ends nothing', async () => {
    const chain = watcher(3)
    await chain.lease.acquire(Date.now())
    const { safe, token } = await signedInSafe()
    await chain.tick()
    const snapshot = await rpc<Hex>('evm_snapshot')
    await removeThirdOwner(safe)
    const changeBlock = await head()
    await chain.tick() // the change is 0 deep: not handled yet
    expect(await cursorOf()).toBe(changeBlock - 3)
    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true)
    await mine(6)
    await chain.tick()

    expect(await cursorOf()).toBe(changeBlock + 2)
    expect(await live(token)).toBe(true)
    expect(await db.selectFrom('safe_changes').selectAll().execute()).toEqual([])

    // The same change made for good is handled once it has its confirmations.
    await removeThirdOwner(safe)
    await chain.tick()
    expect(await live(token)).toBe(true)
    await mine(3)
    await chain.tick()
    expect(await live(token)).toBe(false)
  })

  it('blocks already handled and then replaced are read again: a change in the new branch is handled', async () => {
    const chain = watcher(0)
    await chain.lease.acquire(Date.now())
    const { safe, token } = await signedInSafe()
    await chain.tick()
    const base = await head()
    const snapshot = await rpc<Hex>('evm_snapshot')
    await mine(3)
    await chain.tick()
    expect(await cursorOf()).toBe(base + 3)

    // The new branch: the change at base + 1, below the cursor, then blocks past it.
    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true)
    await removeThirdOwner(safe)
    await mine(3)
    await chain.tick()

    expect(await live(token)).toBe(false)
    const changes = await db.selectFrom('safe_changes').selectAll().execute()
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({ address: getAddress(safe), block_number: base + 1 })
    expect(await cursorOf()).toBe(base + 4)
  })

  it('with no confirmations, a change acted on stays acted on when a reorg removes it', async () => {
    const chain = watcher(0)
    await chain.lease.acquire(Date.now())
    const { safe, token } = await signedInSafe()
    await chain.tick()
    const snapshot = await rpc<Hex>('evm_snapshot')
    await removeThirdOwner(safe)
    await chain.tick()
    expect(await live(token)).toBe(false)

    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true)
    await mine(2)
    await chain.tick()
    // Ending a session cannot be undone, and ending it was safe: the Safe signs in again.
    expect(await live(token)).toBe(false)
    expect(await db.selectFrom('safe_changes').selectAll().execute()).toHaveLength(1)
    expect(await cursorOf()).toBe(await head())
  })
})
