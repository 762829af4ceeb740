// Sign-in throughput: end-to-end EOA sign-ins per second through the HTTP API (nonce issued
// beforehand; verify + session write) beside viem's `verifyMessage` alone, measured in the same run.
//
//   npm run bench:verify [-- --count 2000 --concurrency 32]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { freePort } from '../test/free-port.ts'
import { verifySignature } from '../src/verify/verify-signature.ts'

const { values } = parseArgs({
  options: { count: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '32' } },
})
const count = Number(values.count)
const concurrency = Number(values.concurrency)
const origin = 'http://localhost:8787'

async function main() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-'))
  const server = spawn(process.execPath, [new URL('../bin/signet.mjs', import.meta.url).pathname, 'serve'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: join(dataDir, 'bench.sqlite'),
      SIGNET_ORIGIN: origin,
      SIGNET_RPC_31337: 'http://127.0.0.1:9',
      SIGNET_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(url)
    const accounts = Array.from({ length: 16 }, () => privateKeyToAccount(generatePrivateKey()))

    // Prepare: nonces and signatures, outside the timed part.
    const requests: { message: string; signature: Hex; address: Hex }[] = []
    for (let i = 0; i < count; i++) {
      const account = accounts[i % accounts.length] as (typeof accounts)[number]
      const { nonce } = (await (await fetch(`${url}/api/auth/nonce`)).json()) as { nonce: string }
      const message = createSiweMessage({
        domain: 'localhost:8787',
        address: account.address,
        uri: origin,
        version: '1',
        chainId: 31337,
        nonce,
        issuedAt: new Date(),
      })
      requests.push({ message, signature: await account.signMessage({ message }), address: account.address })
    }

    // Baseline: viem's verifyMessage alone, on this process's one core.
    const viemStart = performance.now()
    for (const request of requests) {
      if (!(await verifyMessage(request))) throw new Error('viem rejected a valid signature')
    }
    const viemPerSecond = count / ((performance.now() - viemStart) / 1000)

    // Our verifier alone (EOA path), same signatures.
    const oursStart = performance.now()
    for (const request of requests) {
      const result = await verifySignature({ ...request, chainId: 31337 })
      if (!result.valid) throw new Error('verifySignature rejected a valid signature')
    }
    const oursPerSecond = count / ((performance.now() - oursStart) / 1000)

    // End to end through HTTP: verify + session write, `concurrency` requests in flight.
    let next = 0
    let ok = 0
    const statuses = new Map<number, number>()
    const httpStart = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests.length) {
          const request = requests[next++] as (typeof requests)[number]
          const response = await fetch(`${url}/api/auth/verify`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ message: request.message, signature: request.signature }),
          })
          await response.arrayBuffer()
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          if (response.status === 200) ok++
        }
      }),
    )
    const httpPerSecond = count / ((performance.now() - httpStart) / 1000)

    const rows = [
      ['viem verifyMessage (baseline, 1 core)', viemPerSecond, 1],
      ['Signet verifySignature, EOA (1 core)', oursPerSecond, oursPerSecond / viemPerSecond],
      ['Signet HTTP sign-ins end to end (1 server process)', httpPerSecond, httpPerSecond / viemPerSecond],
    ] as const
    console.log(`\nEOA sign-in verification, ${count} signatures, HTTP concurrency ${concurrency}\n`)
    console.log('| What | per second | × viem verifyMessage |')
    console.log('|---|---:|---:|')
    for (const [name, perSecond, ratio] of rows) console.log(`| ${name} | ${perSecond.toFixed(0)} | ${ratio.toFixed(2)}× |`)
    console.log(`\nHTTP answers: ${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')}; sign-ins lost: ${count - ok}`)
    if (ok !== count) process.exitCode = 1
  } finally {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function waitForHealth(url: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not start within 60 s')
}

await main()
