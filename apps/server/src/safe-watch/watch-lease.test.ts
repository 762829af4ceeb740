import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { leaseHolder, WatchLease } from './watch-lease.ts'

// Two connections on one SQLite file stand for two processes (the Postgres case runs in
// test/safe-watch-multi-process.test.ts with real `signet serve` processes).

let dir: string
let first: StoreDatabase
let second: StoreDatabase

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signet-lease-'))
  const database = { kind: 'sqlite' as const, path: join(dir, 'signet.sqlite') }
  first = await openDatabase(database)
  second = await openDatabase(database)
})

afterAll(async () => {
  await first?.destroy()
  await second?.destroy()
  rmSync(dir, { recursive: true, force: true })
})

describe('the watch lease of a chain', () => {
  const period = 15_000
  const t0 = 1_700_000_000_000

  it('has one holder at a time; the other takes it once the holder stops renewing', async () => {
    const a = new WatchLease(first, 1, 'process-a', period)
    const b = new WatchLease(second, 1, 'process-b', period)
    expect(await a.acquire(t0)).toBe(true)
    expect(await b.acquire(t0 + 1)).toBe(false)
    expect(await a.acquire(t0 + 5_000)).toBe(true) // renewed: now until t0 + 20 000
    expect(await b.acquire(t0 + 19_999)).toBe(false)
    expect(await leaseHolder(first, 1, t0 + 19_999)).toBe('process-a')
    expect(await a.holds(t0 + 19_999)).toBe(true)

    expect(await b.acquire(t0 + 20_000)).toBe(true)
    expect(await a.holds(t0 + 20_001)).toBe(false)
    expect(await a.acquire(t0 + 20_001)).toBe(false)
    expect(await leaseHolder(first, 1, t0 + 20_001)).toBe('process-b')
  })

  it('is per chain, and a released lease is free at once', async () => {
    const a = new WatchLease(first, 100, 'process-a', period)
    const b = new WatchLease(second, 100, 'process-b', period)
    const other = new WatchLease(second, 11_155_111, 'process-b', period)
    expect(await a.acquire(t0)).toBe(true)
    expect(await other.acquire(t0)).toBe(true)
    expect(await b.acquire(t0 + 1)).toBe(false)
    await a.release()
    expect(await b.acquire(t0 + 2)).toBe(true)
    expect(await leaseHolder(first, 100, t0 + 2)).toBe('process-b')
  })

  it('of two processes starting together, exactly one takes a new chain’s lease', async () => {
    const leases = Array.from(
      { length: 6 },
      (_, index) => new WatchLease(index % 2 ? first : second, 10, `process-${index}`, period),
    )
    const taken = await Promise.all(leases.map((lease) => lease.acquire(t0)))
    expect(taken.filter(Boolean)).toHaveLength(1)
  })
})
