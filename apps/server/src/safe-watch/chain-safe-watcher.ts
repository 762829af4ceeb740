import type { Logger } from 'pino'
import { type Address, getAddress, type Hex, hexToNumber, numberToHex } from 'viem'
import type { AuditTrail } from '../audit/audit-trail.ts'
import type { StoreDatabase } from '../store/database.ts'
import type { RpcClient } from '../verify/contract-signature.ts'
import type { AccountEndedHooks, SafeChange } from './account-ended-hooks.ts'
import { handleSafeChange } from './handle-safe-change.ts'
import { type SafeChangeEventName, safeChangeEventName, safeChangeTopics } from './safe-events.ts'
import {
  forgetBlocksAbove,
  forgetCursor,
  type HandledBlock,
  handledBlocks,
  keptHandledBlocks,
  saveHandledBlock,
} from './watch-cursor.ts'
import { WatchLease } from './watch-lease.ts'
import { watchedSafeAddresses } from './watched-safes.ts'

export type ChainWatchSettings = {
  /** How often the head is read (`SIGNET_SAFE_WATCH_INTERVAL`). */
  intervalMs: number
  /** How deep a block must be before it is handled (`SIGNET_SAFE_WATCH_CONFIRMATIONS[_<chainId>]`). */
  confirmations: number
  /** The lease period (`SIGNET_SAFE_WATCH_LEASE`); the holder renews it every third of it. */
  leaseMs: number
  /** The most blocks one `eth_getLogs` spans (`SIGNET_SAFE_WATCH_BLOCK_RANGE`). */
  blockRange: number
}

/** Addresses per `eth_getLogs`: providers cap the filter's address list (a few hundred to a thousand). */
export const addressesPerLogRequest = 500

/**
 * When a chain gets its first watched Safe, the watch starts this many blocks below the confirmed head:
 * a sign-in verified just before the first read of the head must not miss a change in between.
 */
const firstWatchLookback = 32

type RpcLog = {
  address: string
  topics: string[]
  transactionHash: string
  blockNumber: string
  blockHash: string
  removed?: boolean
}
type RpcBlock = { number: string; hash: string } | null

/**
 * Watches one chain for changes of the Safes on its watch list, in the process holding the chain's
 * lease. Each tick: the head (`eth_blockNumber`); when a confirmed block is new, the block at the cursor
 * and at the range's end (one batch: the reorg check and the end's hash), then the change events of all
 * watched Safes over the range with one `eth_getLogs` per {@link addressesPerLogRequest} addresses — the
 * calls do not grow with the blocks or, below that, with the Safes. The cursor (the last handled block and
 * its hash, with the dozens before it) is in the database: a restart or another process resumes from it.
 * An RPC failure leaves the cursor where it is; the next tick retries.
 */
export class ChainSafeWatcher {
  readonly lease: WatchLease
  #stopped = false
  #loop: Promise<void> | undefined
  #wake: (() => void) | undefined
  #renewal: ReturnType<typeof setInterval> | undefined
  #heldUntil = 0
  /** Known to have no cursor (the chain's watch list was empty): no delete at every idle tick. */
  #noCursor = false

  constructor(
    private readonly options: {
      db: StoreDatabase
      chainId: number
      client: RpcClient
      settings: ChainWatchSettings
      holder: string
      hooks: AccountEndedHooks
      audit?: AuditTrail
      log: Logger
      now?: () => number
    },
  ) {
    this.lease = new WatchLease(options.db, options.chainId, options.holder, options.settings.leaseMs)
  }

  get chainId(): number {
    return this.options.chainId
  }

  /** Whether this process watches the chain now (it holds the lease). */
  get watching(): boolean {
    return this.#heldUntil > this.#now()
  }

  start(): void {
    const renew = () => void this.#renew()
    // The holder renews at a third of the period, so two failed renewals still leave it the lease.
    this.#renewal = setInterval(renew, Math.max(50, Math.floor(this.options.settings.leaseMs / 3)))
    this.#renewal.unref()
    this.#loop = this.#run()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearInterval(this.#renewal)
    this.#wake?.()
    await this.#loop
    if (this.#heldUntil > 0) await this.lease.release().catch(() => {})
    this.#heldUntil = 0
  }

  #now(): number {
    return this.options.now?.() ?? Date.now()
  }

  async #renew(): Promise<void> {
    if (this.#stopped) return
    const now = this.#now()
    try {
      const held = await this.lease.acquire(now)
      const wasWatching = this.#heldUntil > now
      this.#heldUntil = held ? now + this.options.settings.leaseMs : 0
      // Another process may have moved the cursor while this one did not hold the lease.
      if (held && !wasWatching) this.#noCursor = false
      if (held && !wasWatching)
        this.options.log.info(
          { chainId: this.chainId, holder: this.lease.holder },
          'Safe watcher: lease taken',
        )
      if (!held && wasWatching)
        this.options.log.warn({ chainId: this.chainId }, 'Safe watcher: lease lost to another process')
    } catch (error) {
      this.options.log.warn({ err: error, chainId: this.chainId }, 'Safe watcher: lease renewal failed')
    }
  }

  async #run(): Promise<void> {
    await this.#renew()
    while (!this.#stopped) {
      if (this.watching) {
        try {
          await this.tick()
        } catch (error) {
          this.options.log.warn(
            { err: error, chainId: this.chainId },
            'Safe watcher: tick failed; the cursor stays, retrying',
          )
        }
      } else {
        // Not the holder: try to take the lease at each interval, so a dead holder is replaced promptly.
        await this.#renew()
        if (this.watching) continue
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.settings.intervalMs)
        this.#wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  /** One round: read the head and handle every newly confirmed block. Exposed for tests. */
  async tick(): Promise<void> {
    const { db, chainId, client, settings } = this.options
    let addresses = await watchedSafeAddresses(db, chainId, this.#now())
    if (addresses.length === 0) {
      // Nothing to protect on this chain: no RPC at all, and no stale cursor to catch up from later.
      if (!this.#noCursor) await forgetCursor(db, chainId)
      this.#noCursor = true
      return
    }
    const head = hexToNumber((await client.request({ method: 'eth_blockNumber' })) as Hex)
    const target = head - settings.confirmations
    if (target < 0) return
    let blocks = await handledBlocks(db, chainId)
    let cursor: HandledBlock
    if (blocks[0]) cursor = blocks[0]
    else {
      cursor = await this.#block(Math.max(0, target - firstWatchLookback))
      blocks = [cursor]
      if (!(await this.#save(cursor))) return
    }
    while (cursor.number < target && !this.#stopped) {
      const to = Math.min(cursor.number + settings.blockRange, target)
      // Same tick: the chain client's batching sends both in one request.
      const [atCursor, end]: HandledBlock[] = await Promise.all([this.#block(cursor.number), this.#block(to)])
      if (!atCursor || !end) return
      if (atCursor.hash !== cursor.hash) {
        cursor = await this.#rewind(blocks)
        blocks = await handledBlocks(db, chainId)
        continue
      }
      const logs = await this.#readLogs(addresses, cursor.number + 1, to)
      for (const change of changesOf(chainId, logs)) {
        await handleSafeChange(
          { db, hooks: this.options.hooks, audit: this.options.audit, log: this.options.log },
          change,
          () => this.#now(),
        )
      }
      if (!(await this.#save(end))) return
      cursor = end
      blocks.unshift(end)
      // A Safe signed in during a long catch-up is watched from the next range on.
      addresses = await watchedSafeAddresses(db, chainId, this.#now())
    }
  }

  /** Saves the block as handled, if this process still holds the lease (else another has moved on). */
  async #save(block: HandledBlock): Promise<boolean> {
    if (!(await this.lease.holds(this.#now()))) {
      this.#heldUntil = 0
      return false
    }
    await saveHandledBlock(this.options.db, this.chainId, block)
    this.#noCursor = false
    return true
  }

  async #block(number: number): Promise<HandledBlock> {
    const block = (await this.options.client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), false],
    })) as RpcBlock
    if (!block) throw new Error(`chain ${this.chainId} has no block ${number}`)
    return { number: hexToNumber(block.number as Hex), hash: block.hash }
  }

  /**
   * The block at the cursor is no longer the one handled: a reorg. Finds the newest handled block the
   * chain still has (all asked in one batch) and continues from it, so the replaced blocks are read again.
   * Changes already acted on stay acted on: ending a session cannot be undone, and is safe.
   */
  async #rewind(blocks: HandledBlock[]): Promise<HandledBlock> {
    const { db, chainId, log } = this.options
    const older = blocks.slice(1)
    const current = await Promise.all(older.map((block) => this.#block(block.number).catch(() => undefined)))
    const kept = older.find((block, index) => current[index]?.hash === block.hash)
    if (kept) {
      log.warn(
        { chainId, from: blocks[0]?.number, to: kept.number },
        'Safe watcher: reorg; reading the replaced blocks again',
      )
      await forgetBlocksAbove(db, chainId, kept.number)
      return kept
    }
    // Deeper than the blocks kept: start again below them, reading more than needed rather than less.
    const oldest = older.at(-1) ?? blocks[0]
    const restart = await this.#block(Math.max(0, (oldest?.number ?? 0) - keptHandledBlocks))
    log.warn({ chainId, restart: restart.number }, 'Safe watcher: reorg deeper than the kept blocks')
    await forgetCursor(db, chainId)
    await saveHandledBlock(db, chainId, restart)
    return restart
  }

  async #readLogs(addresses: string[], fromBlock: number, toBlock: number): Promise<RpcLog[]> {
    const chunks: string[][] = []
    for (let start = 0; start < addresses.length; start += addressesPerLogRequest)
      chunks.push(addresses.slice(start, start + addressesPerLogRequest))
    const results = await Promise.all(
      chunks.map(
        (chunk) =>
          this.options.client.request({
            method: 'eth_getLogs',
            params: [
              {
                address: chunk as Address[],
                topics: [safeChangeTopics],
                fromBlock: numberToHex(fromBlock),
                toBlock: numberToHex(toBlock),
              },
            ],
          }) as Promise<RpcLog[]>,
      ),
    )
    return results.flat()
  }
}

/** The logs as changes: one per Safe and transaction (one `removeOwner` emits two events), in chain order. */
function changesOf(chainId: number, logs: RpcLog[]): SafeChange[] {
  const changes = new Map<string, SafeChange>()
  for (const log of logs) {
    if (log.removed) continue
    const name = safeChangeEventName(log.topics[0])
    if (!name) continue
    const address = getAddress(log.address)
    const key = `${address}:${log.transactionHash}`
    const change = changes.get(key) ?? {
      chainId,
      address,
      txHash: log.transactionHash,
      blockNumber: hexToNumber(log.blockNumber as Hex),
      blockHash: log.blockHash,
      events: [] as SafeChangeEventName[],
    }
    change.events.push(name)
    changes.set(key, change)
  }
  return [...changes.values()].sort((a, b) => a.blockNumber - b.blockNumber)
}
