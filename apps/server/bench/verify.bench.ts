// Sign-in throughput: end-to-end EOA sign-ins per second through the HTTP API (nonce issued beforehand;
// verify + session write), beside viem's `verifyMessage` alone on one core, measured in the same run.
//
//   npm run bench:verify [-- --count 1000 --sample 60 --rounds 9 --concurrency 32 --workers 2
//                           --log-level silent --before OTHER/apps/server/bin/signet.mjs --profile DIR]
//
// Each round measures, in an order rotating from round to round: viem verifyMessage (`--sample`
// signatures), our verifySignature with libsecp256k1 (`--count`) and with the JavaScript fallback
// (`--sample`), and `--count` HTTP sign-ins against one `signet serve` process and against one with
// SIGNET_WORKERS=`--workers` (0 or 1: not run). Short rounds keep each figure next to its baseline in
// time; figures are medians over the rounds after a warm-up, ratios are taken per round, then the median.
// A machine shared with other work makes wall-clock rates noisy, so each figure also has its CPU time
// per operation: the bench process's for the verifiers, the server's process tree's (Linux /proc) for
// HTTP. A sign-in is lost when its answer is not 200 with a session cookie, or when the database holds
// fewer sessions than 200 answers at the end; the bench exits 1 when any is lost.
//
// A one-process server with SIGNET_METRICS=off runs in the same rounds: the cost of the Prometheus
// metrics (counted on every sign-in) is the ratio of the two, printed at the end (target: within 5 %).
//
// --before adds a one-process server started from another checkout (e.g. a `git worktree` of the
// previous commit), measured in the same rounds: before/after figures under the same machine load.
// --profile DIR runs the servers under `node --cpu-prof` (workers too) and writes DIR/sign-in-windows.json:
// the CLOCK_MONOTONIC µs span of each timed HTTP run, to cut the warm-up and the nonce issuing out.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { freePort } from '@signet/devchain/free-port'
import SQLite from 'better-sqlite3'
import secp256k1 from 'secp256k1'
import { type Address, type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSignetMetrics, observeSignIn } from '../src/operations/metrics.ts'
import { openDatabase } from '../src/store/database.ts'
import { type EcdsaBackend, nativeSecp256k1Available } from '../src/verify/ecdsa-recover.ts'
import { personalSignHash } from '../src/verify/eip191-hash.ts'
import { verifySignature } from '../src/verify/verify-signature.ts'
import {
  closeIdleConnections,
  httpRequest,
  postJson,
  sessionCookieOf,
} from '../test/reliability/http-client.ts'
import { inParallel } from '../test/reliability/sign-in-load.ts'
import { testOrigin } from '../test/reliability/signet-process.ts'
import { signInMessage } from '../test/sign-in-client.ts'
import { waitForHealth } from '../test/wait-for-health.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    sample: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '9' },
    concurrency: { type: 'string', default: '32' },
    workers: { type: 'string', default: '2' },
    'log-level': { type: 'string', default: 'silent' },
    before: { type: 'string' },
    profile: { type: 'string' },
  },
})
const count = Number(values.count)
const sample = Math.min(Number(values.sample), count)
const rounds = Number(values.rounds)
const concurrency = Number(values.concurrency)
const workers = Number(values.workers)
const clockTicksPerSecond = 100 // USER_HZ on Linux

type SignedRequest = { address: Address; message: string; signature: Hex }
type Server = { name: string; url: string; child: ChildProcess; database: string; ok: number; lost: number }
/** cpuMicros: CPU per operation; clientCpuMicros: the load generator's (this process's) per HTTP sign-in. */
type Measure = { perSecond: number; cpuMicros: number; clientCpuMicros?: number }

const metricsOnName = 'HTTP sign-ins end to end, 1 process'
const metricsOffName = 'HTTP sign-ins end to end, 1 process, SIGNET_METRICS=off'
const profileWindows: { server: string; pid?: number; startUs: number; endUs: number }[] = []
/** Why sign-ins were lost, with counts, for the summary. */
const failures = new Map<string, number>()
const accounts = Array.from({ length: 16 }, () => {
  const privateKey = generatePrivateKey()
  return {
    privateKey: Buffer.from(privateKey.slice(2), 'hex'),
    address: privateKeyToAccount(privateKey).address,
  }
})

async function main() {
  if (!nativeSecp256k1Available())
    throw new Error('libsecp256k1 did not load: the native figures would be wrong')
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-'))
  const servers: Server[] = []
  const load = loadavg()[0]?.toFixed(1)
  try {
    if (values.before) {
      servers.push(
        await startServer(
          `HTTP sign-ins end to end, 1 process, before (${values.before})`,
          dataDir,
          {},
          values.before,
        ),
      )
    }
    servers.push(await startServer(metricsOnName, dataDir, {}))
    servers.push(await startServer(metricsOffName, dataDir, { SIGNET_METRICS: 'off' }))
    if (workers > 1) {
      servers.push(
        await startServer(`HTTP sign-ins end to end, SIGNET_WORKERS=${workers}`, dataDir, {
          SIGNET_WORKERS: String(workers),
        }),
      )
    }

    // Warm-up (JIT, database pages, keep-alive sockets): not counted.
    for (const server of servers) await signInOverHttp(server, await prepare(server, 300))
    const warm = await prepare(servers[0] as Server, 200)
    await timeVerifier(warm.slice(0, 30), (r) => viemVerify(r))
    await timeVerifier(warm, (r) => ourVerify(r, 'native'))
    await timeVerifier(warm.slice(0, 30), (r) => ourVerify(r, 'javascript'))

    const names = [
      'viem verifyMessage (baseline, 1 core)',
      'Signet verifySignature, libsecp256k1 (1 core)',
      'Signet verifySignature, JavaScript fallback (1 core)',
      ...servers.map((server) => server.name),
    ]
    const results: Measure[][] = names.map(() => [])
    for (let round = 0; round < rounds; round++) {
      const batches = await Promise.all(servers.map((server) => prepare(server, count)))
      const signed = batches[0] as SignedRequest[]
      const steps: (() => Promise<Measure>)[] = [
        () => timeVerifier(signed.slice(0, sample), viemVerify),
        () => timeVerifier(signed, (r) => ourVerify(r, 'native')),
        () => timeVerifier(signed.slice(0, sample), (r) => ourVerify(r, 'javascript')),
        ...servers.map((server, i) => () => signInOverHttp(server, batches[i] as SignedRequest[])),
      ]
      // Rotating the order spreads the machine's changing load over every figure. Every other round the
      // metrics-on and metrics-off servers also trade places, so neither always runs right after the
      // same step (the one after the JavaScript verifier meets a bench that held its event loop for seconds).
      const order = steps.map((_, i) => i)
      if (round % 2 === 1) {
        const on = names.indexOf(metricsOnName)
        const off = names.indexOf(metricsOffName)
        order[on] = off
        order[off] = on
      }
      for (let k = 0; k < steps.length; k++) {
        const step = order[(k + round) % steps.length] as number
        ;(results[step] as Measure[]).push(await (steps[step] as () => Promise<Measure>)())
      }
      process.stderr.write(`round ${round + 1}/${rounds} done\n`)
    }

    // Every 200 must have left exactly its session in the database.
    for (const server of servers) {
      const db = new SQLite(server.database, { readonly: true })
      const sessions = (db.prepare('select count(*) as n from sessions').get() as { n: number }).n
      db.close()
      // server.ok counts the warm-up's sign-ins too, whose sessions are in the table as well.
      const missing = server.ok - sessions
      if (missing !== 0) {
        server.lost += Math.max(0, missing)
        failures.set(`${server.name}: ${server.ok} answered 200, ${sessions} sessions in the database`, 1)
      }
    }

    const baseline = results[0] as Measure[]
    const rows = names.map((name, i) => {
      const runs = results[i] as Measure[]
      return {
        name,
        perSecond: median(runs.map((run) => run.perSecond)),
        low: Math.min(...runs.map((run) => run.perSecond)),
        high: Math.max(...runs.map((run) => run.perSecond)),
        // Ratios per round (the baseline measured moments apart), then their median.
        ratio: median(
          runs.map((run, round) => run.perSecond / ((baseline[round] as Measure).perSecond || 1)),
        ),
        cpuMicros: median(runs.map((run) => run.cpuMicros)),
        cpuRatio: median(
          runs.map((run, round) => (baseline[round] as Measure).cpuMicros / (run.cpuMicros || 1)),
        ),
      }
    })
    console.log(
      `\nEOA sign-ins: ${count} per round and server (viem and the JavaScript fallback: ${sample}), ${rounds} rounds, medians; HTTP ${concurrency} in flight, logs ${values['log-level']}, rate limit off; load average ${load} at start, ${loadavg()[0]?.toFixed(1)} at end\n`,
    )
    console.log(
      '| What | per second | range over rounds | × viem verifyMessage | CPU per sign-in | × viem by CPU time |',
    )
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const row of rows) {
      const cpu =
        row.cpuMicros >= 1000 ? `${(row.cpuMicros / 1000).toFixed(2)} ms` : `${row.cpuMicros.toFixed(0)} µs`
      console.log(
        `| ${row.name} | ${row.perSecond.toFixed(0)} | ${row.low.toFixed(0)}–${row.high.toFixed(0)} | ${row.ratio.toFixed(2)}× | ${cpu} | ${row.cpuRatio.toFixed(2)}× |`,
      )
    }
    const http = rows.slice(3)
    console.log(
      `\nTarget, end-to-end sign-ins ≥ 5× viem verifyMessage on one core: ${http.map((row) => `${row.name.replace('HTTP sign-ins end to end, ', '')} ${row.ratio.toFixed(2)}× (${row.ratio >= 5 ? 'met' : 'not met'})`).join('; ')}`,
    )
    const metricsOn = names.indexOf(metricsOnName)
    const metricsOff = names.indexOf(metricsOffName)
    const on = results[metricsOn] as Measure[]
    const off = results[metricsOff] as Measure[]
    const throughputRatio = median(on.map((run, round) => run.perSecond / (off[round] as Measure).perSecond))
    const cpuRatio = median(on.map((run, round) => run.cpuMicros / (off[round] as Measure).cpuMicros))
    const recording = await metricsRecordingCost()
    const serverCpu = rows[metricsOff]?.cpuMicros ?? 1
    console.log(
      `\nMetrics on vs off (1 process, same rounds): ${(rows[metricsOn]?.perSecond ?? 0).toFixed(0)} vs ${(rows[metricsOff]?.perSecond ?? 0).toFixed(0)} sign-ins/s, on/off per round ${(throughputRatio * 100).toFixed(1)} % (median; target ≥ 95 %: ${throughputRatio >= 0.95 ? 'met' : 'not met'}); server CPU per sign-in on/off ${(cpuRatio * 100).toFixed(1)} % (target ≤ 105 %: ${cpuRatio <= 1.05 ? 'met' : 'not met'})`,
    )
    console.log(
      `Metrics recording alone (observeSignIn, ${recording.calls} calls each way, alternating): ${recording.onNanos.toFixed(0)} ns with metrics vs ${recording.offNanos.toFixed(0)} ns without per sign-in, ${((recording.onNanos - recording.offNanos) / 1000).toFixed(2)} µs more = ${((100 * (recording.onNanos - recording.offNanos)) / 1000 / serverCpu).toFixed(2)} % of the server's CPU per sign-in`,
    )
    const lost = servers.reduce((total, server) => total + server.lost, 0)
    console.log(
      `\nSign-ins sent over HTTP: ${servers.map((server) => `${server.ok + server.lost} (${server.name.replace('HTTP sign-ins end to end, ', '')})`).join(', ')}; sign-ins lost: ${lost}`,
    )
    const clientCpu = median(
      results
        .slice(3)
        .flat()
        .map((run) => run.clientCpuMicros ?? 0),
    )
    console.log(
      `CPU per sign-in: the bench process for the verifiers; every process of the server for HTTP. The load generator (this process, on the same cores) used ${clientCpu.toFixed(0)} µs per HTTP sign-in besides.`,
    )
    for (const [reason, times] of failures) console.log(`  lost: ${times}× ${reason}`)
    if (lost !== 0) process.exitCode = 1
  } finally {
    closeIdleConnections()
    await Promise.all(servers.map((server) => stopServer(server.child)))
    rmSync(dataDir, { recursive: true, force: true })
    if (values.profile) {
      writeFileSync(join(values.profile, 'sign-in-windows.json'), JSON.stringify(profileWindows, null, 1))
      console.log(
        `CPU profiles of the servers, and the times of the sign-in runs, written to ${values.profile}`,
      )
    }
  }
}

async function startServer(
  name: string,
  dataDir: string,
  env: Record<string, string>,
  bin = new URL('../bin/signet.mjs', import.meta.url).pathname,
): Promise<Server> {
  const port = await freePort()
  const database = join(dataDir, `${name.replace(/\W+/g, '-')}.sqlite`)
  const child = spawn(
    process.execPath,
    [...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []), bin, 'serve'],
    {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATABASE_URL: database,
        // The origin signInMessage writes the sign-ins for.
        SIGNET_ORIGIN: testOrigin,
        // EOA sign-ins never call the RPC; nothing listens on port 9.
        SIGNET_RPC_31337: 'http://127.0.0.1:9',
        SIGNET_RATE_LIMIT: 'off',
        // PORT + 1, the default, may be taken: another free port.
        SIGNET_MANAGEMENT_PORT: '0',
        LOG_LEVEL: values['log-level'],
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, {
    timeoutMs: 120_000,
    name,
    // A cluster answers once its first worker listens; wait for all of them.
    ready: () => !env.SIGNET_WORKERS || processTree(child.pid as number).length >= workers + 1,
  })
  return { name, url, child, database, ok: 0, lost: 0 }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Issues `n` nonces on `server` and signs a sign-in message for each, outside any timed part. */
async function prepare(server: Server, n: number): Promise<SignedRequest[]> {
  const nonces: string[] = []
  await inParallel(n, concurrency, async (i) => {
    const answer = await httpRequest(`${server.url}/api/auth/nonce`)
    if (answer.status !== 200)
      throw new Error(`${server.name}: GET /api/auth/nonce answered ${answer.status} ${answer.body}`)
    nonces[i] = (JSON.parse(answer.body) as { nonce: string }).nonce
  })
  return nonces.map((nonce, i) => {
    const account = accounts[i % accounts.length] as (typeof accounts)[number]
    const message = signInMessage(account.address, nonce)
    // libsecp256k1 signs in ~50 µs where viem takes milliseconds; viem's baseline checks these very
    // signatures, so a wrong one would stop the bench.
    const { signature, recid } = secp256k1.ecdsaSign(personalSignHash(message), account.privateKey)
    return {
      address: account.address,
      message,
      signature: `0x${Buffer.from(signature).toString('hex')}${(27 + recid).toString(16)}`,
    }
  })
}

async function viemVerify(request: SignedRequest) {
  if (!(await verifyMessage(request))) throw new Error('viem rejected a valid signature')
}

async function ourVerify(request: SignedRequest, ecdsa: EcdsaBackend) {
  const result = await verifySignature({ ...request, chainId: 31337, ecdsa })
  if (!result.valid) throw new Error(`verifySignature (${ecdsa}) rejected a valid signature`)
}

async function timeVerifier(
  requests: SignedRequest[],
  verify: (request: SignedRequest) => Promise<void>,
): Promise<Measure> {
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (const request of requests) await verify(request)
  const seconds = (performance.now() - start) / 1000
  const used = process.cpuUsage(cpu)
  return { perSecond: requests.length / seconds, cpuMicros: (used.user + used.system) / requests.length }
}

async function signInOverHttp(server: Server, requests: SignedRequest[]): Promise<Measure> {
  const bodies = requests.map(({ message, signature }) => JSON.stringify({ message, signature }))
  // The verifier runs before held this event loop for seconds, long enough for the server to close idle
  // keep-alive sockets unnoticed; sending on one would fail for the client's sake, not the server's.
  closeIdleConnections()
  const cpuBefore = cpuTicks(server.child.pid as number)
  const clientCpu = process.cpuUsage()
  const startUs = process.hrtime.bigint() / 1000n
  const start = performance.now()
  await inParallel(bodies.length, concurrency, async (i) => {
    try {
      const answer = await postJson(`${server.url}/api/auth/verify`, bodies[i] as string)
      if (answer.status === 200 && sessionCookieOf(answer)?.startsWith('signet_session=')) server.ok++
      else {
        server.lost++
        const reason = `${server.name}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`
        failures.set(reason, (failures.get(reason) ?? 0) + 1)
      }
    } catch (error) {
      server.lost++
      const reason = `${server.name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`
      failures.set(reason, (failures.get(reason) ?? 0) + 1)
    }
  })
  const seconds = (performance.now() - start) / 1000
  // The profiles' sample times are CLOCK_MONOTONIC µs too: these windows pick the timed sign-ins out.
  profileWindows.push({
    server: server.name,
    pid: server.child.pid,
    startUs: Number(startUs),
    endUs: Number(process.hrtime.bigint() / 1000n),
  })
  const cpuMicros = ((cpuTicks(server.child.pid as number) - cpuBefore) / clockTicksPerSecond) * 1e6
  const client = process.cpuUsage(clientCpu)
  return {
    perSecond: bodies.length / seconds,
    cpuMicros: cpuMicros / bodies.length,
    clientCpuMicros: (client.user + client.system) / bodies.length,
  }
}

/**
 * What counting a sign-in costs, apart from any HTTP noise: observeSignIn around an instant sign-in with a
 * real registry and without one, in alternating batches on this thread; medians of the batches, ns/call.
 */
async function metricsRecordingCost(): Promise<{ calls: number; onNanos: number; offNanos: number }> {
  const db = await openDatabase({ kind: 'sqlite', path: ':memory:' })
  const metrics = createSignetMetrics(db)
  const signedIn = { session: { accountType: 'eoa' } }
  const signIn = () => Promise.resolve(signedIn)
  const batch = 20_000
  const timeBatch = async (withMetrics: boolean) => {
    const start = process.hrtime.bigint()
    for (let i = 0; i < batch; i++) await observeSignIn(withMetrics ? metrics : undefined, signIn)
    return Number(process.hrtime.bigint() - start) / batch
  }
  const on: number[] = []
  const off: number[] = []
  for (let round = 0; round < 21; round++) {
    // Round 0 warms both paths up and is not counted.
    const a = await timeBatch(true)
    const b = await timeBatch(false)
    if (round === 0) continue
    on.push(a)
    off.push(b)
  }
  await db.destroy()
  return { calls: batch * 20, onNanos: median(on), offNanos: median(off) }
}

/** A process and its descendants (Linux /proc). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')
      parents.set(Number(entry), Number(fields?.[1]))
    } catch {}
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid)
  }
  return tree
}

/** User + system CPU ticks used so far by a process tree. */
function cpuTicks(root: number): number {
  let ticks = 0
  for (const pid of processTree(root)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {}
  }
  return ticks
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

await main()
