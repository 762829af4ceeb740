// API load: `concurrency` EOA sign-ins in flight at once against one `signet serve` process, with the
// latency of each call. Baselines measured in the same run, at the same concurrency: a bare node:http
// server answering a constant JSON (what this machine and this client allow at all), and Signet's
// GET /api/health (its HTTP stack and one database ping).
//
//   npm run bench:load-api [-- --count 2000 --concurrency 500 --database sqlite|postgres --profile DIR
//                               --server-log FILE]
//
// --profile DIR runs the server under `node --cpu-prof` and leaves the .cpuprofile in DIR. The server's
// own duration of each request is in its log line (`ms`); --server-log FILE keeps those lines.
// Exits 1 when any answer is a 5xx, a request fails on the network, or a sign-in does not hold.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startTestPostgres, type TestPostgres } from '../test/postgres-server.ts'
import {
  closeIdleConnections,
  type HttpAnswer,
  httpRequest,
  postJson,
  sessionCookieOf,
} from '../test/reliability/http-client.ts'
import {
  countStatuses,
  inParallel,
  type LatencySummary,
  summarizeLatencies,
} from '../test/reliability/sign-in-load.ts'
import { startSignetProcess } from '../test/reliability/signet-process.ts'
import { signInMessage } from '../test/sign-in-client.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '500' },
    database: { type: 'string', default: 'sqlite' },
    profile: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    'server-log': { type: 'string' },
  },
})
const count = Number(values.count)
const concurrency = Number(values.concurrency)

type Probe = { latencies: number[]; statuses: number[]; seconds: number }

const fiveHundreds: string[] = []
const networkErrors: string[] = []

/** Sends one request and times it; a network failure is recorded, answered as status 0. */
async function timed(what: string, send: () => Promise<HttpAnswer>): Promise<HttpAnswer & { ms: number }> {
  const start = performance.now()
  try {
    const answer = await send()
    if (answer.status >= 500) fiveHundreds.push(`${what} ${answer.status} ${answer.body.slice(0, 200)}`)
    return { ...answer, ms: performance.now() - start }
  } catch (error) {
    networkErrors.push(`${what}: ${(error as { code?: string }).code ?? String(error)}`)
    return { status: 0, headers: {}, body: '', ms: performance.now() - start }
  }
}

async function probe(
  n: number,
  inFlight: number,
  send: (i: number) => Promise<HttpAnswer & { ms: number }>,
): Promise<Probe> {
  const latencies: number[] = []
  const statuses: number[] = []
  const start = performance.now()
  await inParallel(n, inFlight, async (i) => {
    const answer = await send(i)
    statuses.push(answer.status)
    if (answer.status !== 0) latencies.push(answer.ms)
  })
  return { latencies, statuses, seconds: (performance.now() - start) / 1000 }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-load-'))
  let postgres: TestPostgres | undefined
  if (values.database === 'postgres') postgres = await startTestPostgres()
  const server = await startSignetProcess({
    env: {
      DATABASE_URL: postgres?.url ?? join(dataDir, 'load.sqlite'),
      // Request logs on by default (into a pipe this process drains): their cost is part of the figure.
      LOG_LEVEL: values['log-level'],
    },
    nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [],
  })
  const url = server.url
  const load = loadavg()[0]?.toFixed(1)
  try {
    const bare = await startBareHttpServer()
    const floor = await probe(count, concurrency, () => timed('bare', () => httpRequest(bare.url)))
    bare.stop()

    const accounts = Array.from({ length: 64 }, () => privateKeyToAccount(generatePrivateKey()))
    // Warm-up (JIT, database pages, the pool's sockets): not counted.
    await signIns(url, accounts, 200, concurrency)
    closeIdleConnections()
    const health = await probe(count, concurrency, () =>
      timed('health', () => httpRequest(`${url}/api/health`)),
    )
    const run = await signIns(url, accounts, count, concurrency)

    // Every 200 opened a session that answers.
    const sessions = await probe(run.cookies.length, 50, (i) =>
      timed('session', () =>
        httpRequest(`${url}/api/auth/session`, { headers: { cookie: run.cookies[i] ?? '' } }),
      ),
    )
    const liveSessions = sessions.statuses.filter((status) => status === 200).length

    const ms = (value: number) => `${value.toFixed(1)} ms`
    const row = (name: string, summary: LatencySummary, seconds: number) =>
      console.log(
        `| ${name} | ${summary.count} | ${(summary.count / seconds).toFixed(0)} | ${ms(summary.p50)} | ${ms(summary.p90)} | ${ms(summary.p99)} | ${ms(summary.max)} |`,
      )
    console.log(
      `\nSignet API load: ${count} requests per call, ${concurrency} in flight, one process, ${values.database}, logs ${values['log-level']}, load average ${load} at start\n`,
    )
    console.log('| Call | answered | per second | p50 | p90 | p99 | max |')
    console.log('|---|---:|---:|---:|---:|---:|---:|')
    row('bare node:http, constant JSON (baseline)', summarizeLatencies(floor.latencies), floor.seconds)
    row('GET /api/health (baseline)', summarizeLatencies(health.latencies), health.seconds)
    row('GET /api/auth/nonce', summarizeLatencies(run.nonces.latencies), run.nonces.seconds)
    row(
      'POST /api/auth/verify (EOA sign-in)',
      summarizeLatencies(run.verifies.latencies),
      run.verifies.seconds,
    )
    console.log(`\nverify answers: ${JSON.stringify(countStatuses(run.verifies.statuses))}`)
    console.log(`sessions whose cookie answers 200: ${liveSessions} of ${run.cookies.length}`)
    console.log(
      `network errors: ${networkErrors.length}${networkErrors.length ? ` (${[...new Set(networkErrors)].slice(0, 5).join('; ')})` : ''}`,
    )
    console.log(
      `5xx answers: ${fiveHundreds.length}${fiveHundreds.length ? `\n${fiveHundreds.slice(0, 5).join('\n')}` : ''}`,
    )
    const held =
      fiveHundreds.length === 0 &&
      networkErrors.length === 0 &&
      run.cookies.length === count &&
      liveSessions === count
    console.log(held ? `held: ${concurrency} concurrent sign-ins, every one answered 200` : 'NOT held')
    if (!held) process.exitCode = 1
  } finally {
    await server.stop()
    await postgres?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    if (values['server-log']) writeFileSync(values['server-log'], server.output())
    if (values.profile) console.log(`CPU profile of the server written to ${values.profile}`)
  }
}

/** A node:http server in its own process that answers every request with a constant JSON. */
async function startBareHttpServer(): Promise<{ url: string; stop(): void }> {
  const script = `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"status":"ok"}') }) }).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  )
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() }
}

/** Issues `n` nonces at `inFlight`, signs them (untimed), then verifies them at `inFlight`. */
async function signIns(
  url: string,
  accounts: ReturnType<typeof privateKeyToAccount>[],
  n: number,
  inFlight: number,
) {
  const issued: string[] = []
  const nonces = await probe(n, inFlight, async (i) => {
    const answer = await timed('nonce', () => httpRequest(`${url}/api/auth/nonce`))
    if (answer.status === 200) issued[i] = (JSON.parse(answer.body) as { nonce: string }).nonce
    return answer
  })

  const bodies: string[] = []
  for (let i = 0; i < n; i++) {
    const account = accounts[i % accounts.length] as (typeof accounts)[number]
    const message = signInMessage(account.address, issued[i] ?? 'missingNonce')
    const signature: Hex = await account.signMessage({ message })
    bodies.push(JSON.stringify({ message, signature }))
  }
  // Signing held this process's event loop for seconds, past the server's keep-alive timeout.
  closeIdleConnections()

  const cookies: string[] = []
  const verifies = await probe(n, inFlight, async (i) => {
    const answer = await timed('verify', () => postJson(`${url}/api/auth/verify`, bodies[i] ?? ''))
    const cookie = answer.status === 200 ? sessionCookieOf(answer) : undefined
    if (cookie) cookies.push(cookie)
    return answer
  })
  return { nonces, verifies, cookies }
}

await main()
