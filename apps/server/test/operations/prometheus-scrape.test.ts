import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpRequest, postJson } from '../reliability/http-client.ts'
import { type SignetProcess, startSignetProcess } from '../reliability/signet-process.ts'
import { signInMessage } from '../sign-in-client.ts'
import { type PrometheusServer, startPrometheus } from './prometheus-server.ts'
import { type SlowRpcProxy, startSlowRpcProxy } from './slow-rpc-proxy.ts'

// A real Prometheus scraping `signet serve` with SIGNET_WORKERS=2: the primary's /metrics answers for
// both workers (counters summed, the live-session gauge counted once), so after known traffic spread
// over the workers the query API gives exact totals.

let anvil: Anvil
let dataDir: string
let signet: SignetProcess
let managementUrl: string
let prometheus: PrometheusServer
let rpc: SlowRpcProxy

beforeAll(async () => {
  anvil = await startAnvil()
  // Forwards at once until the drain test makes it slow.
  rpc = await startSlowRpcProxy(anvil.rpcUrl, 0)
  dataDir = mkdtempSync(join(tmpdir(), 'signet-prometheus-scrape-'))
  signet = await startSignetProcess({
    env: {
      SIGNET_WORKERS: '2',
      // A real chain: a forged signature is checked against it (no contract there) and refused.
      SIGNET_RPC_31337: rpc.url,
      DATABASE_URL: join(dataDir, 'cluster.sqlite'),
    },
    startTimeoutMs: 90_000,
  })
  // The primary prints its management URL once both workers listen.
  managementUrl = await signet.managementUrl()
  prometheus = await startPrometheus(new URL(managementUrl).host)
}, 120_000)

afterAll(async () => {
  await prometheus?.stop()
  await signet?.stop()
  await rpc?.close()
  await anvil?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('Prometheus scraping a cluster', () => {
  it('reads exactly 3 successful and 2 refused sign-ins, summed over the workers', async () => {
    const readyz = await fetch(`${managementUrl}/readyz`)
    expect(readyz.status).toBe(200)
    const readiness = (await readyz.json()) as { checks: object; workers: { status: string }[] }
    expect(readiness.checks).toEqual({ workers: 'ok', serving: 'ok' })
    expect(readiness.workers.map((worker) => worker.status)).toEqual(['ready', 'ready'])

    // Each request on a new connection: the primary hands connections to the workers in turn, so both
    // count part of the traffic.
    const fresh = { connection: 'close' }
    const signIn = async (forge: boolean) => {
      const account = privateKeyToAccount(generatePrivateKey())
      const nonce = JSON.parse((await httpRequest(`${signet.url}/api/auth/nonce`, { headers: fresh })).body)
      const message = signInMessage(account.address, nonce.nonce)
      const signer = forge ? privateKeyToAccount(generatePrivateKey()) : account
      const signature = await signer.signMessage({ message })
      return postJson(`${signet.url}/api/auth/verify`, JSON.stringify({ message, signature }), fresh)
    }
    for (let i = 0; i < 3; i++) expect((await signIn(false)).status).toBe(200)
    for (let i = 0; i < 2; i++)
      expect(JSON.parse((await signIn(true)).body)).toMatchObject({ error: { code: 'invalid_signature' } })
    const trafficEnd = Date.now() / 1000

    // Until Prometheus has a scrape taken after the traffic.
    const deadline = Date.now() + 30_000
    for (;;) {
      const [up] = await prometheus.query('timestamp(up{job="signet"})')
      if (up && up.value > trafficEnd + 0.5) {
        expect((await prometheus.query('up{job="signet"}'))[0]?.value).toBe(1)
        break
      }
      if (Date.now() > deadline) throw new Error('Prometheus took no scrape after the traffic within 30 s')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }

    const success = await prometheus.query('sum(signet_sign_ins_total{result="success"})')
    expect(success.map((sample) => sample.value)).toEqual([3])
    const refused = await prometheus.query('sum by (code) (signet_sign_ins_total{result="refused"})')
    expect(refused.map(({ metric, value }) => ({ metric, value }))).toEqual([
      { metric: { code: 'invalid_signature' }, value: 2 },
    ])
    const durations = await prometheus.query('sum(signet_sign_in_duration_seconds_count)')
    expect(durations.map((sample) => sample.value)).toEqual([5])
    // One count of the shared table, not one per worker.
    const sessions = await prometheus.query('signet_sessions_active')
    expect(sessions.map((sample) => sample.value)).toEqual([3])
    const workers = await prometheus.query('signet_cluster_workers')
    expect(workers.map((sample) => sample.value)).toEqual([2])
    // Each forged signature cost two ERC-1271 calls, answered by anvil.
    const rpc = await prometheus.query('sum by (chain_id, result) (signet_rpc_requests_total)')
    expect(rpc.map(({ metric, value }) => ({ metric, value }))).toEqual([
      { metric: { chain_id: '31337', result: 'success' }, value: 4 },
    ])
  }, 90_000)

  it('drains on SIGTERM: the primary answers /readyz 503 at once, the sign-in in flight is answered, exit 0', async () => {
    // A forged signature's ERC-1271 check now waits 3 s at the RPC: the sign-in is in flight.
    rpc.setDelay(3_000)
    const callsBefore = rpc.calls()
    const account = privateKeyToAccount(generatePrivateKey())
    const nonce = JSON.parse((await httpRequest(`${signet.url}/api/auth/nonce`)).body).nonce
    const message = signInMessage(account.address, nonce)
    const signature = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    const answer = postJson(`${signet.url}/api/auth/verify`, JSON.stringify({ message, signature }))
    while (rpc.calls() < callsBefore + 2) await new Promise((resolve) => setTimeout(resolve, 20))

    signet.child.kill('SIGTERM')
    const readyz = await until503(`${managementUrl}/readyz`).catch((error: Error) => {
      throw new Error(`${error.message}; signet serve printed:\n${signet.output()}`)
    })
    // The workers drain too, so they say unready as well.
    expect(readyz.checks).toMatchObject({ serving: 'draining' })
    const answered = await answer
    expect(answered.status).toBe(401)
    expect(JSON.parse(answered.body)).toMatchObject({ error: { code: 'invalid_signature' } })
    await signet.exited
    expect(signet.child.exitCode).toBe(0)
  }, 30_000)
})

async function until503(url: string): Promise<{ checks: object }> {
  const deadline = Date.now() + 2_000
  while (Date.now() < deadline) {
    const response = await fetch(url)
    if (response.status === 503) return (await response.json()) as { checks: object }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${url} did not answer 503 within 2 s`)
}
