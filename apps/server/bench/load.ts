// API load: `concurrency` EOA sign-ins in flight at once against one `signet serve` process, with the
// latency of each call. Baseline measured in the same run: GET /api/health (HTTP + one database ping)
// at the same concurrency — the floor any API call pays on this machine.
//
//   npm run bench:load-api [-- --count 2000 --concurrency 500 --database sqlite|postgres --profile DIR]
//
// --profile DIR runs the server under `node --cpu-prof` and leaves the .cpuprofile in DIR.
// Exits 1 when any answer is a 5xx or a sign-in fails.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startTestPostgres, type TestPostgres } from '../test/postgres-server.ts'
import {
  countStatuses,
  inParallel,
  type LatencySummary,
  signInMessage,
  summarizeLatencies,
} from '../test/reliability/sign-in-load.ts'
import { startSignetProcess } from '../test/reliability/signet-process.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '500' },
    database: { type: 'string', default: 'sqlite' },
    profile: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
  },
})
const count = Number(values.count)
const concurrency = Number(values.concurrency)

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-load-'))
  let postgres: TestPostgres | undefined
  if (values.database === 'postgres') postgres = await startTestPostgres()
  const server = await startSignetProcess({
    env: {
      DATABASE_URL: postgres?.url ?? join(dataDir, 'load.sqlite'),
      // Logs on (to /dev/null through the pipe we drain), so their cost is part of the figure.
      LOG_LEVEL: values['log-level'],
    },
    nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [],
  })
  const url = server.url
  try {
    const accounts = Array.from({ length: 64 }, () => privateKeyToAccount(generatePrivateKey()))
    const fiveHundreds: string[] = []
    const networkErrors: string[] = []
    const timed = async (what: string, request: () => Promise<Response>) => {
      const start = performance.now()
      try {
        const response = await request()
        const body = await response.text()
        const ms = performance.now() - start
        if (response.status >= 500) fiveHundreds.push(`${what} ${response.status} ${body.slice(0, 200)}`)
        return { response, body, ms }
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause
        networkErrors.push(`${what}: ${cause?.code ?? String(error)} after ${(performance.now() - start).toFixed(0)} ms`)
        return { response: new Response(null, { status: 599 }), body: '', ms: performance.now() - start }
      }
    }

    // Warm-up (JIT, database pages): not counted.
    await signIns(url, accounts, 100, 50, timed)

    const health: number[] = []
    const healthStart = performance.now()
    await inParallel(count, concurrency, async () => {
      const { response, ms } = await timed('health', () => fetch(`${url}/api/health`))
      if (response.status === 200) health.push(ms)
    })
    const healthSeconds = (performance.now() - healthStart) / 1000

    const run = await signIns(url, accounts, count, concurrency, timed)

    // Every 200 opened a session that answers.
    let liveSessions = 0
    await inParallel(run.cookies.length, 50, async (i) => {
      const response = await fetch(`${url}/api/auth/session`, { headers: { cookie: run.cookies[i] ?? '' } })
      await response.arrayBuffer()
      if (response.status === 200) liveSessions++
    })

    const ms = (value: number) => `${value.toFixed(1)} ms`
    const row = (name: string, summary: LatencySummary, seconds: number) =>
      console.log(
        `| ${name} | ${summary.count} | ${(summary.count / seconds).toFixed(0)} | ${ms(summary.p50)} | ${ms(summary.p90)} | ${ms(summary.p99)} | ${ms(summary.max)} |`,
      )
    console.log(`\nSignet API load: ${count} requests per call, ${concurrency} in flight, ${values.database}, logs ${values['log-level']}\n`)
    console.log('| Call | answered | per second | p50 | p90 | p99 | max |')
    console.log('|---|---:|---:|---:|---:|---:|---:|')
    row('GET /api/health (baseline)', summarizeLatencies(health), healthSeconds)
    row('GET /api/auth/nonce', summarizeLatencies(run.nonceLatencies), run.nonceSeconds)
    row('POST /api/auth/verify (EOA sign-in)', summarizeLatencies(run.verifyLatencies), run.verifySeconds)
    console.log(`\nverify answers: ${JSON.stringify(countStatuses(run.verifyStatuses))}`)
    console.log(`sessions whose cookie answers 200: ${liveSessions} of ${run.cookies.length}`)
    console.log(`network errors: ${networkErrors.length}${networkErrors.length ? ` (${[...new Set(networkErrors)].slice(0, 5).join('; ')})` : ''}`)
    console.log(`5xx answers: ${fiveHundreds.length}${fiveHundreds.length ? `\n${fiveHundreds.slice(0, 5).join('\n')}` : ''}`)
    if (fiveHundreds.length > 0 || networkErrors.length > 0 || run.cookies.length !== count || liveSessions !== count) process.exitCode = 1
  } finally {
    await server.stop()
    await postgres?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    if (values.profile) console.log(`CPU profile of the server written to ${values.profile}`)
  }
}

type Timed = (what: string, request: () => Promise<Response>) => Promise<{ response: Response; body: string; ms: number }>

/** Issues `n` nonces at `inFlight`, signs them (untimed), then verifies them at `inFlight`. */
async function signIns(url: string, accounts: ReturnType<typeof privateKeyToAccount>[], n: number, inFlight: number, timed: Timed) {
  const nonces: string[] = []
  const nonceLatencies: number[] = []
  const nonceStart = performance.now()
  await inParallel(n, inFlight, async (i) => {
    const { response, body, ms } = await timed('nonce', () => fetch(`${url}/api/auth/nonce`))
    if (response.status !== 200) return
    nonces[i] = (JSON.parse(body) as { nonce: string }).nonce
    nonceLatencies.push(ms)
  })
  const nonceSeconds = (performance.now() - nonceStart) / 1000

  const bodies: string[] = []
  for (let i = 0; i < n; i++) {
    const account = accounts[i % accounts.length] as (typeof accounts)[number]
    const message = signInMessage(account.address, nonces[i] ?? '')
    const signature: Hex = await account.signMessage({ message })
    bodies.push(JSON.stringify({ message, signature }))
  }

  const verifyLatencies: number[] = []
  const verifyStatuses: number[] = []
  const cookies: string[] = []
  const verifyStart = performance.now()
  await inParallel(n, inFlight, async (i) => {
    const { response, ms } = await timed('verify', () =>
      fetch(`${url}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[i] }),
    )
    verifyStatuses.push(response.status)
    verifyLatencies.push(ms)
    if (response.status === 200) cookies.push((response.headers.get('set-cookie') ?? '').split(';')[0] ?? '')
  })
  const verifySeconds = (performance.now() - verifyStart) / 1000
  return {
    nonceLatencies,
    nonceSeconds,
    verifyLatencies,
    verifyStatuses,
    verifySeconds,
    cookies,
  }
}

await main()
