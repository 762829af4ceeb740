import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts, type SafeDeployment } from '@signet/devchain/safe-deploy'
import { SAFE_FIXTURE_OWNERS } from '@signet/devchain/safe-fixture'
import { changeSafeThreshold, removeSafeOwner } from '@signet/devchain/safe-owner-changes'
import { type Address, getAddress, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAuditEvents } from '../src/audit/audit-store.ts'
import { leaseHolder } from '../src/safe-watch/watch-lease.ts'
import { openDatabase, type StoreDatabase } from '../src/store/database.ts'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'
import { type SignetProcess, startSignetProcess, testOrigin } from './reliability/signet-process.ts'
import { safeSigner, sessionStatus, signInOverHttp, waitFor } from './safe-signer.ts'

// Two `signet serve` processes on one Postgres and a real anvil: one of them watches the chain (the
// lease), the other takes over when it is SIGKILLed, and each Safe change is handled once.

const leaseMs = 2_000
const intervalMs = 200

let postgres: TestPostgres
let anvil: Anvil
let deployment: SafeDeployment
let db: StoreDatabase
let processes: SignetProcess[] = []
let salt = 500n

beforeAll(async () => {
  ;[postgres, anvil] = await Promise.all([startTestPostgres(), startAnvil()])
  deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  const env = {
    DATABASE_URL: postgres.url,
    SIGNET_RPC_31337: anvil.rpcUrl,
    SIGNET_SAFE_WATCH_INTERVAL: `${intervalMs}ms`,
    SIGNET_SAFE_WATCH_LEASE: `${leaseMs / 1000}s`,
  }
  processes = await Promise.all([
    startSignetProcess({ env, startTimeoutMs: 60_000 }),
    startSignetProcess({ env, startTimeoutMs: 60_000 }),
  ])
  db = await openDatabase({ kind: 'postgres', url: postgres.url })
}, 180_000)

afterAll(async () => {
  await Promise.all(processes.map((signet) => signet.stop()))
  await db?.destroy()
  await postgres?.stop()
  await anvil?.stop()
})

const ownerKeys = () => anvil.accounts.slice(0, 2).map((account) => account.privateKey as Hex)

async function freshSafe(): Promise<Address> {
  salt += 1n
  return createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment,
    owners: [...SAFE_FIXTURE_OWNERS],
    threshold: 2,
    saltNonce: salt,
  })
}

/** The process holding chain 31337's lease now (holders are named `<host>:<pid>:<random>`). */
async function watchingProcess(): Promise<SignetProcess | undefined> {
  const holder = await leaseHolder(db, 31337, Date.now())
  return processes.find((signet) => holder?.split(':')[1] === String(signet.child.pid))
}

async function handledOnce(safe: Address) {
  const account = { address: getAddress(safe), chainId: 31337 }
  await waitFor(
    async () => (await readAuditEvents(db, { account, type: 'safe.changed' })).length > 0,
    5_000,
    'safe.changed recorded',
  )
  // Give a second handler, if there were one, the time to record its own.
  await new Promise((resolve) => setTimeout(resolve, 4 * intervalMs))
  const changes = await db
    .selectFrom('safe_changes')
    .selectAll()
    .where('address', '=', getAddress(safe))
    .execute()
  const announced = await readAuditEvents(db, { account, type: 'safe.changed' })
  return { changes: changes.length, announced: announced.length }
}

describe('two signet serve processes on one Postgres', () => {
  it('exactly one watches; a change is handled once and ends the session on both', async () => {
    await waitFor(async () => (await watchingProcess()) !== undefined, 10_000, 'a watcher')
    const first = await watchingProcess()
    // Over several renewals the lease stays with the same process.
    await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs))
    expect(await watchingProcess()).toBe(first)
    const watchers = await db.selectFrom('watch_leases').selectAll().where('chain_id', '=', 31337).execute()
    expect(watchers).toHaveLength(1)

    const safe = await freshSafe()
    const cookie = await signInOverHttp(
      processes[0]?.url ?? '',
      testOrigin,
      safeSigner(safe, '1.4.1', ownerKeys()),
    )
    expect(await sessionStatus(processes[1]?.url ?? '', cookie)).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 3 * intervalMs))
    await removeSafeOwner({
      rpcUrl: anvil.rpcUrl,
      safe,
      ownerKeys: ownerKeys(),
      owner: SAFE_FIXTURE_OWNERS[2],
      threshold: 1,
    })

    const took = await waitFor(
      async () => (await sessionStatus(processes[0]?.url ?? '', cookie)) === 401,
      30_000,
      'session ended',
    )
    expect(took).toBeLessThan(30_000)
    expect(await sessionStatus(processes[1]?.url ?? '', cookie)).toBe(401)
    expect(await handledOnce(safe)).toEqual({ changes: 1, announced: 1 })
  }, 60_000)

  it('SIGKILL of the watching process: the other takes over within a lease period and handles the next change', async () => {
    const watching = await watchingProcess()
    const survivor = processes.find((signet) => signet !== watching)
    if (!watching || !survivor) throw new Error('no watching process')
    const safe = await freshSafe()
    const cookie = await signInOverHttp(survivor.url, testOrigin, safeSigner(safe, '1.4.1', ownerKeys()))

    watching.child.kill('SIGKILL')
    await watching.exited
    const killedAt = Date.now()
    await waitFor(async () => (await watchingProcess()) === survivor, 3 * leaseMs, 'takeover')
    const takeoverMs = Date.now() - killedAt
    console.info(`takeover ${takeoverMs} ms after SIGKILL (lease ${leaseMs} ms)`)
    // The dead holder's lease runs out at most one period after its last renewal; the survivor asks at
    // each interval.
    expect(takeoverMs).toBeLessThanOrEqual(leaseMs + 2 * intervalMs + 500)

    await changeSafeThreshold({ rpcUrl: anvil.rpcUrl, safe, ownerKeys: ownerKeys(), threshold: 1 })
    await waitFor(async () => (await sessionStatus(survivor.url, cookie)) === 401, 30_000, 'session ended')
    expect(await handledOnce(safe)).toEqual({ changes: 1, announced: 1 })
  }, 60_000)
})
