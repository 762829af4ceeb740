// The Safe watcher's RPC cost: JSON-RPC calls per minute of one `signet serve` process watching 1 Safe
// and then 1 000 Safes on the local chain (anvil mining a block every second, real Safe 1.4.1 proxies),
// counted by a proxy in front of anvil, against a naive watcher that asks `eth_getLogs` per Safe per
// block (computed from the blocks mined in the same window). Then one Safe changes: how long until its
// session answers 401.
//
//   npm run bench:safe-watch [-- --safes 1000 --seconds 60 --block-time 1]
//
// The Safes are real contracts; the watch list is filled directly in the database (what a sign-in
// does), except for the one Safe that signs in over HTTP and is changed at the end. The bench exits 1 when
// that session does not end within 30 s.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startAnvil } from '@signet/devchain/anvil'
import { predictSafeAddress, proxyFactoryCalldata } from '@signet/devchain/safe'
import { DEFAULT_DEPLOYER_KEY, deploySafeContracts } from '@signet/devchain/safe-deploy'
import { SAFE_FIXTURE_OWNERS } from '@signet/devchain/safe-fixture'
import { changeSafeThreshold } from '@signet/devchain/safe-owner-changes'
import { devClient, sendTransactions } from '@signet/devchain/send-transactions'
import type { Address, Hex } from 'viem'
import { watchSafe } from '../src/safe-watch/watched-safes.ts'
import { openDatabase } from '../src/store/database.ts'
import { startSignetProcess, testOrigin } from '../test/reliability/signet-process.ts'
import { startRpcCountingProxy } from '../test/rpc-counting-proxy.ts'
import { safeSigner, sessionStatus, signInOverHttp, waitFor } from '../test/safe-signer.ts'

const { values } = parseArgs({
  options: {
    safes: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    'block-time': { type: 'string', default: '1' },
  },
})
const safeCount = Number(values.safes)
const windowMs = Number(values.seconds) * 1000
const blockTime = Number(values['block-time'])

const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-safe-watch-'))
const anvil = await startAnvil()
const chain = devClient(anvil.rpcUrl)
const rpc = <T>(method: string, params: unknown[] = []) =>
  chain.request({ method: method as never, params: params as never }) as Promise<T>
const head = async () => Number(BigInt(await rpc<Hex>('eth_blockNumber')))
let exitCode = 0

try {
  const deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  console.info(`creating ${safeCount} Safes 1.4.1 …`)
  const setups = Array.from({ length: safeCount }, (_, index) => ({
    deployment,
    owners: [...SAFE_FIXTURE_OWNERS],
    threshold: 2,
    saltNonce: BigInt(index + 1),
  }))
  const safes: Address[] = []
  for (let start = 0; start < setups.length; start += 100) {
    const batch = setups.slice(start, start + 100)
    await sendTransactions(
      anvil.rpcUrl,
      DEFAULT_DEPLOYER_KEY,
      batch.map((setup) => ({
        to: deployment.proxyFactory,
        data: proxyFactoryCalldata(setup),
        gas: 400_000n,
      })),
    )
    safes.push(
      ...(await Promise.all(batch.map((setup) => predictSafeAddress({ ...setup, rpcUrl: anvil.rpcUrl })))),
    )
  }
  // From now on a block every `blockTime` seconds, as a chain does.
  await rpc('evm_setAutomine', [false])
  await rpc('evm_setIntervalMining', [blockTime])

  const proxy = await startRpcCountingProxy(anvil.rpcUrl)
  const databaseFile = join(dataDir, 'signet.sqlite')
  const server = await startSignetProcess({
    env: { DATABASE_URL: databaseFile, SIGNET_RPC_31337: proxy.url },
  })
  const db = await openDatabase({ kind: 'sqlite', path: databaseFile })
  try {
    const ownerKeys = anvil.accounts.slice(0, 2).map((account) => account.privateKey as Hex)
    const [first, ...others] = safes as [Address, ...Address[]]
    const cookie = await signInOverHttp(server.url, testOrigin, safeSigner(first, '1.4.1', ownerKeys))

    const measure = async (label: string) => {
      // Let the watcher reach the head first, so the window holds its steady state only.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      const fromBlock = await head()
      proxy.reset()
      await new Promise((resolve) => setTimeout(resolve, windowMs))
      const calls = proxy.methods().flat()
      const blocks = (await head()) - fromBlock
      const perMinute = (count: number) => Math.round((count * 60_000) / windowMs)
      const byMethod: Record<string, number> = {}
      for (const method of calls) byMethod[method] = (byMethod[method] ?? 0) + 1
      const watched = Number(
        (
          await db
            .selectFrom('safe_watch')
            .select((select) => select.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      )
      // Naive: every new block, one eth_getLogs per Safe; the head read at the same 5 s as Signet's.
      const naive = blocks * watched + windowMs / 5_000
      console.info(
        `${label}: ${watched} Safes watched, ${blocks} blocks in ${windowMs / 1000} s — ` +
          `Signet: ${perMinute(calls.length)} JSON-RPC calls/min in ${perMinute(proxy.requests.length)} HTTP requests/min ` +
          `(${Object.entries(byMethod)
            .map(([method, count]) => `${method} ${perMinute(count)}`)
            .join(', ')}); ` +
          `naive per-Safe-per-block: ${perMinute(naive)} calls/min (${(naive / Math.max(1, calls.length)).toFixed(0)}×)`,
      )
      return perMinute(calls.length)
    }

    const one = await measure('1 Safe')
    const now = Date.now()
    for (const safe of others)
      await watchSafe(db, { chainId: 31337, address: safe, until: now + 3_600_000 }, now)
    const many = await measure(`${safeCount} Safes`)
    console.info(`calls/min with ${safeCount} Safes ÷ with 1: ${(many / Math.max(1, one)).toFixed(2)}`)

    await changeSafeThreshold({ rpcUrl: anvil.rpcUrl, safe: first, ownerKeys, threshold: 1 })
    const changedAt = await head()
    try {
      const took = await waitFor(
        async () => (await sessionStatus(server.url, cookie)) === 401,
        30_000,
        'session ended',
      )
      console.info(
        `a change in block ${changedAt}: its session answered 401 ${took} ms after the transaction was mined`,
      )
    } catch (error) {
      console.error((error as Error).message)
      exitCode = 1
    }
  } finally {
    await db.destroy()
    await server.stop()
    await proxy.close()
  }
} finally {
  await anvil.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
