import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSignet } from '@signet/server'
import { launchBrowser } from '../e2e/harness/browser.ts'
import { type FirstLoadRun, measureFirstLoadRun } from './first-load-probe.ts'
import { firstLoadBudgetBytes, kib, measureFirstLoad } from './first-load-size.ts'
import { buildReference } from './reference-build.ts'
import { serveStatic } from './static-server.ts'

// `npm run bench:load`: Signet's first load against RainbowKit's default set-up (bench/reference),
// both built by the same Vite, served uncompressed from this machine, in the same headless Chromium
// (nothing outside this machine resolves). Runs alternate reference/Signet, each in a fresh context
// (cold cache), after one warm-up pair that is not counted. BENCH_RUNS=n sets the runs per side.

const runs = Number(process.env.BENCH_RUNS ?? 7)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a positive integer, got ${runs}`)

const signetDist = new URL('../dist/', import.meta.url).pathname
const built = await measureFirstLoad(signetDist) // also fails early when apps/web is not built
const referenceDist = await buildReference()

const dataDir = await mkdtemp(join(tmpdir(), 'signet-bench-load-'))
const reference = await serveStatic(referenceDist)
// Production mode on mainnet only, like the reference; the RPC is never reached before a connection.
const signet = await startSignet({
  env: {
    PORT: '0',
    DATABASE_URL: join(dataDir, 'signet.sqlite'),
    SIGNET_MODE: 'production',
    SIGNET_RPC_1: 'http://127.0.0.1:9',
    SIGNET_WALLETCONNECT_PROJECT_ID: '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe',
    SIGNET_RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
  },
})
const browser = await launchBrowser()

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

try {
  const results: { reference: FirstLoadRun[]; signet: FirstLoadRun[] } = { reference: [], signet: [] }
  const sides = [
    ['reference', reference.url],
    ['signet', signet.url],
  ] as const
  for (const [, url] of sides) await measureFirstLoadRun(browser, url) // warm-up, not counted
  for (let run = 0; run < runs; run++) {
    for (const [side, url] of run % 2 ? [...sides].reverse() : sides) {
      const result = await measureFirstLoadRun(browser, url)
      results[side].push(result)
      console.log(
        `  run ${run + 1} ${side.padEnd(9)} ${kib(result.jsGzipBytes).padStart(10)} JS gzip  usable ${result.usableMs.toFixed(0).padStart(5)} ms  click→dialog ${result.dialogMs.toFixed(0).padStart(5)} ms`,
      )
    }
  }

  const row = (label: string, pick: (run: FirstLoadRun) => number, format: (value: number) => string) => {
    const ref = median(results.reference.map(pick))
    const ours = median(results.signet.map(pick))
    console.log(
      `${label.padEnd(40)} ${format(ref).padStart(14)} ${format(ours).padStart(12)} ${(ours / ref).toFixed(2).padStart(8)}×`,
    )
    return { ref, ours }
  }
  console.log(
    `\nFirst load, medians of ${runs} alternating cold runs per side (Chromium ${browser.version()})`,
  )
  console.log(`${''.padEnd(40)} ${'RainbowKit'.padStart(14)} ${'Signet'.padStart(12)} ${'ratio'.padStart(9)}`)
  const js = row('JS before any action (gzip)', (run) => run.jsGzipBytes, kib)
  const usable = row(
    'navigation → usable connect button',
    (run) => run.usableMs,
    (ms) => `${ms.toFixed(0)} ms`,
  )
  row(
    'click → connect dialog',
    (run) => run.dialogMs,
    (ms) => `${ms.toFixed(0)} ms`,
  )
  console.log(
    `\nSignet build: ${kib(built.gzipBytes)} gzip in index.html's static graph (${built.files.length} files)`,
  )
  const jsOk = js.ours <= firstLoadBudgetBytes
  const usableOk = usable.ours <= 0.6 * usable.ref
  console.log(`${jsOk ? '✓' : '✗'} JS before any action ${kib(js.ours)} ≤ ${kib(firstLoadBudgetBytes)}`)
  console.log(
    `${usableOk ? '✓' : '✗'} usable connect button ${(usable.ours / usable.ref).toFixed(2)}× the reference's (target ≤ 0.6×)`,
  )
  if (!jsOk || !usableOk) process.exitCode = 1
} finally {
  await browser.close()
  await signet.stop()
  await reference.stop()
  await rm(dataDir, { recursive: true, force: true })
}
