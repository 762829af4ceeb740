import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { freePort } from '@signet/devchain/free-port'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts, type SafeDeployment } from '@signet/devchain/safe-deploy'
import { concatOwnerSignatures, signSafeMessage } from '@signet/devchain/safe-signatures'
import { type Address, type Hex, hashMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpcTransportSettings } from '../../src/chain/chain-client.ts'
import { type RunningSignet, startSignet } from '../../src/serve.ts'
import { freshSignInMessage, postVerify } from '../sign-in-client.ts'

// Faults of the chain's RPC, with the real transport settings (10 s timeout, 2 retries 100 ms apart):
// an RPC that never answers gives 503 within timeout × 3 plus the retry delays; a dead first RPC URL
// falls back to the next one, and so does a silent one after its timeout.

/** An HTTP server that reads each request and never answers it. */
type SilentRpc = { url: string; bodies: unknown[]; close(): Promise<void> }

async function startSilentRpc(): Promise<SilentRpc> {
  const bodies: unknown[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer(async (request) => {
    let body = ''
    for await (const chunk of request) body += chunk
    bodies.push(JSON.parse(body))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

let anvil: Anvil
let deployment: SafeDeployment
let safe: Address
let deadRpc: string
const running: RunningSignet[] = []
const silent: SilentRpc[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  safe = await createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment,
    owners: anvil.accounts.slice(0, 3).map((account) => account.address),
    threshold: 2,
  })
  // A port that was free a moment ago and that nothing listens on: connections are refused.
  deadRpc = `http://127.0.0.1:${await freePort()}`
}, 120_000)

afterAll(async () => {
  await Promise.all(running.map((signet) => signet.stop()))
  await Promise.all(silent.map((rpc) => rpc.close()))
  await anvil?.stop()
})

async function signetWithRpc(rpcUrls: string) {
  const signet = await startSignet({
    env: {
      PORT: '0',
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'signet-faults-')), 'signet.sqlite'),
      SIGNET_RPC_31337: rpcUrls,
      SIGNET_RATE_LIMIT: 'off',
      // These tests count the RPC requests of a sign-in; the Safe watcher would add its own.
      SIGNET_SAFE_WATCH: 'off',
      LOG_LEVEL: 'silent',
    },
  })
  running.push(signet)
  return signet
}

/** A Safe sign-in: the Safe's message signed by owners 0 and 1 (or others). */
async function safeSignIn(signet: RunningSignet, owners: number[] = [0, 1]) {
  const message = await freshSignInMessage(signet.url, safe, signet.url)
  const signatures = await Promise.all(
    owners.map((index) =>
      signSafeMessage(anvil.accounts[index]?.privateKey as Hex, {
        safe,
        chainId: 31337,
        version: '1.4.1',
        message: hashMessage(message),
      }),
    ),
  )
  const start = performance.now()
  const { status, body } = await postVerify(signet.url, message, concatOwnerSignatures(signatures))
  return { status, body, ms: performance.now() - start }
}

describe('an RPC that never answers', () => {
  it('gives 503 rpc_unavailable within 3 × the 10 s timeout plus retry delays; a silent first URL falls back after one timeout', async () => {
    const { timeout, retryCount, retryDelay } = rpcTransportSettings
    expect({ timeout, retryCount, retryDelay }).toEqual({ timeout: 10_000, retryCount: 2, retryDelay: 100 })
    const onlySilent = await startSilentRpc()
    const silentFirst = await startSilentRpc()
    silent.push(onlySilent, silentFirst)
    const [stuck, recovered] = await Promise.all([
      signetWithRpc(onlySilent.url).then((signet) => safeSignIn(signet)),
      signetWithRpc(`${silentFirst.url},${anvil.rpcUrl}`).then((signet) => safeSignIn(signet)),
    ])

    // Never a verdict on the signature: the chain could not be asked.
    expect(stuck.status).toBe(503)
    expect(stuck.body).toEqual({
      error: {
        code: 'rpc_unavailable',
        message:
          'The RPC of chain 31337 could not be reached to check the contract account (The request took too long to respond.).',
      },
    })
    // One try and two retries, each a single batched HTTP request of both ERC-1271 calls, each cut at 10 s;
    // backoff between them is 100 ms then 200 ms.
    expect(onlySilent.bodies).toHaveLength(1 + retryCount)
    for (const body of onlySilent.bodies) {
      expect((body as { method: string }[]).map((call) => call.method)).toEqual(['eth_call', 'eth_call'])
    }
    const bound = (1 + retryCount) * timeout + retryDelay * (1 + 2)
    expect(stuck.ms).toBeGreaterThanOrEqual((1 + retryCount) * timeout)
    expect(stuck.ms).toBeLessThan(bound + 3_000)
    console.log(
      `silent RPC: 503 after ${(stuck.ms / 1000).toFixed(2)} s (bound ${(bound / 1000).toFixed(1)} s + 3 s slack)`,
    )

    // The fallback moves on after the first URL's timeout and the Safe signs in.
    expect(recovered.status).toBe(200)
    expect(recovered.body).toMatchObject({ address: safe, chainId: 31337, accountType: 'contract' })
    expect(recovered.ms).toBeGreaterThanOrEqual(timeout)
    expect(recovered.ms).toBeLessThan(2 * timeout)
    expect(silentFirst.bodies).toHaveLength(1)
    console.log(`silent first RPC, anvil second: 200 after ${(recovered.ms / 1000).toFixed(2)} s`)
  }, 90_000)
})

describe('a dead first RPC URL and a working second one', () => {
  it('still verifies a Safe sign-in, without waiting for a timeout', async () => {
    const signet = await signetWithRpc(`${deadRpc},${anvil.rpcUrl}`)
    const signedIn = await safeSignIn(signet)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ address: safe, chainId: 31337, accountType: 'contract' })
    expect(signedIn.ms).toBeLessThan(5_000)

    // And signatures of non-owners are still refused through the fallback, not taken for an outage.
    const refused = await safeSignIn(signet, [5, 6])
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({
      error: { code: 'invalid_signature', message: 'The signature does not prove the address.' },
    })
  })
})
