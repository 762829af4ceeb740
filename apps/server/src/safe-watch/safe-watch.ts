import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Logger } from 'pino'
import type { AuditTrail } from '../audit/audit-trail.ts'
import type { StoreDatabase } from '../store/database.ts'
import type { RpcClient } from '../verify/contract-signature.ts'
import type { AccountEndedHooks } from './account-ended-hooks.ts'
import { ChainSafeWatcher, type ChainWatchSettings } from './chain-safe-watcher.ts'

export type RunningSafeWatch = {
  /** This process's name in `watch_leases`. */
  holder: string
  watchers: ChainSafeWatcher[]
  /** Stops every chain's watcher and gives their leases up. */
  stop(): Promise<void>
}

/**
 * Starts a watcher per chain. Every process on the database starts them; per chain the one holding the
 * lease does the work and the others stand by, ready to take over.
 *
 * @example const watch = startSafeWatch({ db, chains: [{ chainId: 1, client, settings }], hooks, log })
 */
export function startSafeWatch(options: {
  db: StoreDatabase
  chains: { chainId: number; client: RpcClient; settings: ChainWatchSettings }[]
  hooks: AccountEndedHooks
  audit?: AuditTrail
  log: Logger
}): RunningSafeWatch {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const watchers = options.chains.map(
    (chain) =>
      new ChainSafeWatcher({
        db: options.db,
        chainId: chain.chainId,
        client: chain.client,
        settings: chain.settings,
        holder,
        hooks: options.hooks,
        audit: options.audit,
        log: options.log,
      }),
  )
  for (const watcher of watchers) watcher.start()
  options.log.info(
    { chains: watchers.map((watcher) => watcher.chainId), holder },
    'Safe watcher started (one process per chain watches, by lease)',
  )
  return {
    holder,
    watchers,
    stop: async () => {
      await Promise.all(watchers.map((watcher) => watcher.stop()))
    },
  }
}
