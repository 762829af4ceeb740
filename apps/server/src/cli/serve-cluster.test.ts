import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@signet/devchain/free-port'
import { afterAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/reliability/signet-process.ts'
import { repoRoot } from '../../test/run-cli.ts'
import { signInAsEoa } from '../../test/sign-in-client.ts'
import { ConfigError } from '../config/config.ts'
import { readWorkerCount } from './worker-count.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'signet-cluster-'))
const children = new Set<ChildProcessWithoutNullStreams>()
// The origin the servers claim, the one signInAsEoa's messages are for.
const origin = testOrigin

afterAll(() => {
  for (const child of children) {
    for (const pid of childPids(child.pid as number)) process.kill(pid, 'SIGKILL')
    child.kill('SIGKILL')
  }
  rmSync(dataDir, { recursive: true, force: true })
})

/** Pids whose parent is `pid` (Linux /proc). */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // Field 4 of stat is the parent pid; the command name (field 2) may hold spaces, so split after ')'.
        return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid)
      } catch {
        return false
      }
    })
    .map(Number)
}

const isAlive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

function startServe(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/server/bin/signet.mjs', 'serve'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'warn', SIGNET_RATE_LIMIT: 'off', ...env },
  })
  children.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  )
  const url = () => until('the URL', () => /Signet is running at (\S+) /.exec(stdout)?.[1], 90_000)
  return { child, exited, url, stdout: () => stdout, stderr: () => stderr }
}

describe('readWorkerCount (SIGNET_WORKERS)', () => {
  it('is 1 unset or empty, the core count for auto, else the number', () => {
    expect(readWorkerCount({})).toBe(1)
    expect(readWorkerCount({ SIGNET_WORKERS: ' ' })).toBe(1)
    expect(readWorkerCount({ SIGNET_WORKERS: 'auto' })).toBe(availableParallelism())
    expect(readWorkerCount({ SIGNET_WORKERS: 'auto' }, 6)).toBe(6)
    expect(readWorkerCount({ SIGNET_WORKERS: '1' })).toBe(1)
    expect(readWorkerCount({ SIGNET_WORKERS: '12' })).toBe(12)
    expect(readWorkerCount({ SIGNET_WORKERS: '256' })).toBe(256)
  })

  it('names SIGNET_WORKERS for anything else', () => {
    for (const bad of ['0', '257', '-1', '1.5', 'two', 'AUTO', '2 workers', '1e2']) {
      const read = () => readWorkerCount({ SIGNET_WORKERS: bad })
      expect(read, bad).toThrow(ConfigError)
      expect(read, bad).toThrow(
        `SIGNET_WORKERS: expected "auto" or a whole number from 1 to 256, got "${bad}"`,
      )
    }
  })
})

describe('signet serve with SIGNET_WORKERS', { timeout: 240_000 }, () => {
  it('refuses a bad value, the local chain and an in-memory database, naming the variable (exit 2)', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { SIGNET_WORKERS: 'many', SIGNET_RPC_1: 'http://127.0.0.1:9' },
        'signet: SIGNET_WORKERS: expected "auto" or a whole number from 1 to 256, got "many"\n',
      ],
      [
        { SIGNET_WORKERS: '2', DATABASE_URL: join(dataDir, 'refused.sqlite') },
        'signet: SIGNET_WORKERS: 2 workers need the chains configured with SIGNET_RPC_<chainId>: the local chain that Signet starts without them runs in one process (unset SIGNET_WORKERS or set it to 1)\n',
      ],
      [
        { SIGNET_WORKERS: '3', SIGNET_RPC_1: 'http://127.0.0.1:9', DATABASE_URL: ':memory:' },
        'signet: SIGNET_WORKERS: 3 workers need one database they share; DATABASE_URL=:memory: gives each process its own\n',
      ],
      [
        { SIGNET_WORKERS: '2', SIGNET_RPC_1: 'http://127.0.0.1:9', PORT: 'x' },
        'signet: PORT: expected a whole number, got "x"\n',
      ],
    ]
    await Promise.all(
      cases.map(async ([env, message]) => {
        const serve = startServe(env)
        expect(await serve.exited).toStrictEqual({ code: 2, signal: null })
        expect(serve.stderr()).toBe(message)
        expect(serve.stdout()).toBe('')
      }),
    )
  })

  it('serves from N processes on one port, replaces a dead worker, and stops them all on SIGTERM', async () => {
    const port = await freePort()
    const serve = startServe({
      PORT: String(port),
      SIGNET_WORKERS: '2',
      SIGNET_RPC_31337: 'http://127.0.0.1:9',
      SIGNET_ORIGIN: origin,
      DATABASE_URL: join(dataDir, 'cluster.sqlite'),
    })
    await serve.url()
    const base = `http://127.0.0.1:${port}`
    const primary = serve.child.pid as number
    const workers = childPids(primary)
    expect(workers).toHaveLength(2)
    // The primary runs the management listener, on PORT + 1 by default.
    expect(serve.stdout()).toBe(
      `Signet is running at ${origin} (Ctrl-C to stop)\nManagement (probes and metrics): http://127.0.0.1:${port + 1} (/livez, /readyz, /metrics)\nWorkers: 2 processes sharing the port (SIGNET_WORKERS)\n`,
    )

    // Nonces and sessions live in the shared database, whichever worker answers which request.
    const results = await Promise.all(Array.from({ length: 12 }, () => signInAsEoa(base)))
    expect(results.map((result) => result.status)).toStrictEqual(Array(12).fill(200))

    process.kill(workers[0] as number, 'SIGKILL')
    const replaced = await until('a new worker', () => {
      const now = childPids(primary)
      return now.length === 2 && !now.includes(workers[0] as number) ? now : undefined
    })
    const died = `signet: worker ${workers[0]} died (SIGKILL); starting another\n`
    const tookPlace = `signet: worker ${replaced.find((pid) => pid !== workers[1])} took its place\n`
    await until('the replacement to listen', () => serve.stderr().includes(tookPlace) || undefined)
    expect(serve.stderr()).toBe(died + tookPlace)
    await until('the new worker to answer', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 6 }, async () => (await signInAsEoa(base)).status),
      )
      return statuses.every((status) => status === 200) || undefined
    })

    serve.child.kill('SIGTERM')
    expect(await serve.exited).toStrictEqual({ code: 0, signal: null })
    expect(serve.stdout()).toContain('Stopping Signet (SIGTERM)…\n')
    for (const pid of replaced) expect(isAlive(pid), `worker ${pid}`).toBe(false)
    await expect(fetch(`${base}/api/health`)).rejects.toThrow()
  })

  it('leaves no worker behind when the primary is killed outright', async () => {
    const serve = startServe({
      SIGNET_WORKERS: '2',
      SIGNET_RPC_1: 'http://127.0.0.1:9',
      DATABASE_URL: join(dataDir, 'orphans.sqlite'),
    })
    await serve.url()
    const workers = childPids(serve.child.pid as number)
    expect(workers).toHaveLength(2)
    serve.child.kill('SIGKILL')
    await serve.exited
    await until('the workers to exit', () => workers.every((pid) => !isAlive(pid)) || undefined, 30_000)
  })
})
