import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

// The Safe watcher's RPC cost, measured: one `signet serve` process watching Safes on the local chain
// (anvil mining a block every `blockTimeSeconds`, real Safe 1.4.1 proxies), every JSON-RPC call counted
// by a proxy in front of anvil, against a naive watcher that asks `eth_getLogs` per Safe per block
// (computed from the blocks mined in the same window). Then one Safe changes: how long until its
// session answers 401. `npm run bench:safe-watch` prints it; `npm run bench:oidc` reports its figure
// for many Safes beside the provider's.
//
// The Safes are real contracts; the watch list is filled directly in the database (what a sign-in
// does), except for the one Safe that signs in over HTTP and is changed at the end.

export type SafeWatchRpcOptions = {
  /** Safes watched in the second window. */
  safes: number
  /** Length of each counting window. */
  windowMs: number
  blockTimeSeconds: number
  /** Also count a window with one Safe watched, before the others are added. */
  measureOneSafe: boolean
  log?: (line: string) => void
}

export type SafeWatchWindow = {
  watched: number
  blocks: number
  callsPerMinute: number
  httpRequestsPerMinute: number
  byMethodPerMinute: Record<string, number>
  /** A watcher reading each Safe's logs every block, the same window. */
  naiveCallsPerMinute: number
}

export type SafeWatchRpcFigures = {
  one?: SafeWatchWindow
  many: SafeWatchWindow
  /** From the change's transaction to its session answering 401; undefined: not within 30 s. */
  changeEndedMs: number | undefined
}

/**
 * Starts anvil and a `signet serve` process behind a counting RPC proxy, counts the watcher's calls with
 * one Safe (optional) and with `safes` Safes watched, then changes the signed-in Safe. Stops everything.
 *
 * @example const figures = await measureSafeWatchRpc({ safes: 1000, windowMs: 60_000, blockTimeSeconds: 1, measureOneSafe: true })
 */
export async function measureSafeWatchRpc(options: SafeWatchRpcOptions): Promise<SafeWatchRpcFigures> {
  const log = options.log ?? console.info
  const { windowMs } = options
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-safe-watch-'))
  const anvil = await startAnvil()
  const chain = devClient(anvil.rpcUrl)
  const rpc = <T>(method: string, params: unknown[] = []) =>
    chain.request({ method: method as never, params: params as never }) as Promise<T>
  const head = async () => Number(BigInt(await rpc<Hex>('eth_blockNumber')))

  try {
    const deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
    log(`creating ${options.safes} Safes 1.4.1 …`)
    const setups = Array.from({ length: options.safes }, (_, index) => ({
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
    // From now on a block every `blockTimeSeconds`, as a chain does.
    await rpc('evm_setAutomine', [false])
    await rpc('evm_setIntervalMining', [options.blockTimeSeconds])

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

      const measure = async (label: string): Promise<SafeWatchWindow> => {
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
        const window: SafeWatchWindow = {
          watched,
          blocks,
          callsPerMinute: perMinute(calls.length),
          httpRequestsPerMinute: perMinute(proxy.requests.length),
          byMethodPerMinute: Object.fromEntries(
            Object.entries(byMethod).map(([method, count]) => [method, perMinute(count)]),
          ),
          naiveCallsPerMinute: perMinute(naive),
        }
        log(
          `${label}: ${watched} Safes watched, ${blocks} blocks in ${windowMs / 1000} s — ` +
            `Signet: ${window.callsPerMinute} JSON-RPC calls/min in ${window.httpRequestsPerMinute} HTTP requests/min ` +
            `(${Object.entries(window.byMethodPerMinute)
              .map(([method, count]) => `${method} ${count}`)
              .join(', ')}); ` +
            `naive per-Safe-per-block: ${window.naiveCallsPerMinute} calls/min (${(naive / Math.max(1, calls.length)).toFixed(0)}×)`,
        )
        return window
      }

      const one = options.measureOneSafe ? await measure('1 Safe') : undefined
      const now = Date.now()
      for (const safe of others)
        await watchSafe(db, { chainId: 31337, address: safe, until: now + 3_600_000 }, now)
      const many = await measure(`${options.safes} Safes`)
      if (one)
        log(
          `calls/min with ${options.safes} Safes ÷ with 1: ${(many.callsPerMinute / Math.max(1, one.callsPerMinute)).toFixed(2)}`,
        )

      await changeSafeThreshold({ rpcUrl: anvil.rpcUrl, safe: first, ownerKeys, threshold: 1 })
      const changedAt = await head()
      let changeEndedMs: number | undefined
      try {
        changeEndedMs = await waitFor(
          async () => (await sessionStatus(server.url, cookie)) === 401,
          30_000,
          'session ended',
        )
        log(
          `a change in block ${changedAt}: its session answered 401 ${changeEndedMs} ms after the transaction was mined`,
        )
      } catch (error) {
        log((error as Error).message)
      }
      return { ...(one ? { one } : {}), many, changeEndedMs }
    } finally {
      await db.destroy()
      await server.stop()
      await proxy.close()
    }
  } finally {
    await anvil.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
