import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../test/run-cli.ts'
import { waitForHealth } from '../../test/wait-for-health.ts'

// Stopping leaves no process behind: `signet serve` in demo mode (no SIGNET_RPC_*) starts anvil
// (a child process, through setpriv), the local gateway and the sandbox host; SIGTERM must stop them all.

const dataDir = mkdtempSync(join(tmpdir(), 'signet-serve-demo-'))
const leftovers = new Set<number>()

afterAll(() => {
  // Only if the test failed: never leave its processes running.
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true })
})

/** pid → parent pid of every process, from /proc. */
function parentPids(): Map<number, number> {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), ppid)
    } catch {}
  }
  return parents
}

function descendantsOf(root: number): number[] {
  const parents = parentPids()
  const found: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const parent = queue.shift()
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid)
        queue.push(pid)
      }
    }
  }
  return found
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
  } catch {
    return ''
  }
}

/** Alive: it exists and is not a zombie (a zombie holds no port, thread or memory, only a table entry). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function waitUntil(condition: () => Promise<boolean>, deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    if (await condition()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('signet serve in demo mode', { timeout: 180_000 }, () => {
  it('exits 0 on SIGTERM and leaves no process behind and no port open', async () => {
    const env: Record<string, string | undefined> = { ...process.env }
    // Demo mode: no chain configured.
    for (const name of Object.keys(env)) if (name.startsWith('SIGNET_')) delete env[name]
    const cli = spawn(process.execPath, ['apps/server/bin/signet.mjs', 'serve'], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: join(dataDir, 'signet.sqlite'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const cliPid = cli.pid ?? 0
    leftovers.add(cliPid)
    let output = ''
    cli.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    cli.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)))

    // The banner names every server the CLI started; it is printed once all of them listen.
    const bannerDeadline = Date.now() + 150_000
    while (!/^Demo Safe /m.test(output)) {
      if (cli.exitCode !== null) throw new Error(`signet serve exited with ${cli.exitCode}:\n${output}`)
      if (Date.now() > bannerDeadline) throw new Error(`no startup banner:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const url = (label: string) => {
      const match = new RegExp(`${label}[^\\n]*?(http://\\S+)`).exec(output)
      if (!match?.[1]) throw new Error(`no ${label} URL in:\n${output}`)
      return new URL(match[1])
    }
    const signet = url('Signet is running at ')
    const servers = [
      signet,
      url('Local chain '),
      url('Local Safe gateway: '),
      url('Safe\\{Wallet\\} sandbox host '),
      url('Example application '),
    ]
    // The local WalletConnect relay, which the page's WalletConnect wallets are given.
    const relay = /^Local WalletConnect relay: (ws:\/\/\S+)$/m.exec(output)?.[1]
    if (!relay) throw new Error(`no local WalletConnect relay in:\n${output}`)
    servers.push(new URL(relay))
    await waitForHealth(signet.origin, cli, { timeoutMs: 30_000, output: () => output })
    const config = (await (await fetch(`${signet.origin}/api/config`)).json()) as Record<string, unknown>
    expect(config).toMatchObject({
      walletConnectRelayUrl: relay,
      walletConnectProjectId: 'de30de30de30de30de30de30de30de30',
    })
    const ports = servers.map((server) => Number(server.port))
    expect(new Set(ports).size).toBe(6)
    // The example application's sign-in goes to Signet's provider as the registered demo client.
    const login = await fetch(new URL('/login', url('Example application ')), { redirect: 'manual' })
    expect(login.status).toBe(303)
    const authorization = new URL(login.headers.get('location') ?? '')
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${signet.origin}/oidc/auth`)
    expect(authorization.searchParams.get('client_id')).toBe('example-app')
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    const started = await fetch(authorization, { redirect: 'manual' })
    expect(started.status).toBe(303)
    expect(started.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
    for (const port of ports) expect(await acceptsConnections(port), `port ${port}`).toBe(true)

    const children = descendantsOf(cliPid)
    for (const pid of children) leftovers.add(pid)
    // anvil at least (setpriv execs it, so the child is anvil itself).
    expect(children.map(commandOf).some((command) => /\banvil\b/.test(command))).toBe(true)

    const signalled = Date.now()
    cli.kill('SIGTERM')
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000)),
    ])
    expect(code, output).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(5_000)
    expect(output).toContain('Stopping Signet (SIGTERM)…\n')

    // anvil's threads may outlive its leader for a moment: wait for both, with a deadline.
    const allGone = async () => {
      if (children.some(isAlive)) return false
      const open = await Promise.all(ports.map(acceptsConnections))
      return !open.includes(true)
    }
    const gone = await waitUntil(allGone, 5_000)
    expect(
      gone,
      `still alive: ${children.filter(isAlive).map((pid) => `${pid} ${commandOf(pid)}`)}; open ports: ${(
        await Promise.all(ports.map(async (port) => ((await acceptsConnections(port)) ? port : undefined)))
      ).filter(Boolean)}`,
    ).toBe(true)
    for (const pid of [cliPid, ...children]) leftovers.delete(pid)
  })
})
