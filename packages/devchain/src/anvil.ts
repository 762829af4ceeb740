import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Address, Hex } from 'viem'
import { ANVIL_ACCOUNTS } from './anvil-accounts.ts'

export type Anvil = {
  rpcUrl: string
  port: number
  chainId: number
  /** Process id of the anvil node (for diagnostics). */
  pid: number
  /** The ten funded accounts of anvil's default mnemonic. */
  accounts: { address: Address; privateKey: Hex }[]
  /** Kills the node and resolves once the process has exited. Safe to call twice. */
  stop(): Promise<void>
}

export type StartAnvilOptions = {
  chainId?: number
  /** Seconds between blocks; omitted = automine (a block per transaction). */
  blockTime?: number
  /** 0 (default) lets the OS pick a free port. */
  port?: number
  host?: string
  /** How long to wait for "Listening on …" before giving up. */
  startTimeoutMs?: number
  /** Kill anvil even when this Node process is SIGKILLed (Linux, via `setpriv --pdeathsig`). Default true. */
  killWithParent?: boolean
  extraArgs?: string[]
}

export type AnvilErrorCode =
  | 'ANVIL_BINARY_NOT_FOUND'
  | 'ANVIL_SPAWN_FAILED'
  | 'ANVIL_EXITED'
  | 'ANVIL_START_TIMEOUT'

export class AnvilError extends Error {
  readonly code: AnvilErrorCode
  constructor(code: AnvilErrorCode, message: string) {
    super(message)
    this.name = 'AnvilError'
    this.code = code
  }
}

const DEFAULT_CHAIN_ID = 31337
const DEFAULT_START_TIMEOUT_MS = 15_000
const OUTPUT_TAIL_CHARS = 4_000

const ARCH_NAMES: Record<string, string> = { x64: 'amd64', arm64: 'arm64' }

/**
 * Path of the anvil binary shipped in `@foundry-rs/anvil-<platform>-<arch>`. We run it directly:
 * the `anvil` wrapper script (and `npx anvil`) puts a Node process in between that leaves the real
 * node orphaned when it is killed.
 */
export function resolveAnvilBinary(): string {
  const arch = ARCH_NAMES[process.arch] ?? process.arch
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`
  const binaryName = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  const require = createRequire(import.meta.url)
  const attempts: (() => string)[] = [
    () => require.resolve(`${platformPackage}/package.json`),
    // npm may nest the optional platform package under the wrapper package.
    () =>
      createRequire(require.resolve('@foundry-rs/anvil/package.json')).resolve(
        `${platformPackage}/package.json`,
      ),
  ]
  for (const attempt of attempts) {
    let packageJson: string
    try {
      packageJson = attempt()
    } catch {
      continue
    }
    const binary = join(dirname(packageJson), 'bin', binaryName)
    if (existsSync(binary)) return binary
  }
  throw new AnvilError(
    'ANVIL_BINARY_NOT_FOUND',
    `anvil binary not found: install ${platformPackage} (an optional dependency of @foundry-rs/anvil)`,
  )
}

// --- cleanup of children when this process goes away -------------------------------------------
//
// Three layers, because no single one covers every way a Node process dies:
// 1. anvil stays in our process group (no `detached`), so Ctrl-C in a terminal, which signals the
//    whole foreground group, reaches it too;
// 2. handlers for 'exit', SIGINT, SIGTERM and SIGHUP kill every live anvil synchronously;
// 3. on Linux anvil is started through `setpriv --pdeathsig SIGKILL` (which execs anvil, keeping its
//    pid), so the kernel kills it even when Node is SIGKILLed and no handler can run. The death
//    signal fires when the *thread* that spawned anvil ends, so an anvil started inside a worker
//    thread lives as long as that worker.

const liveChildren = new Set<ChildProcess>()
let cleanupInstalled = false

function killLiveChildren(): void {
  for (const child of liveChildren) child.kill('SIGKILL')
  liveChildren.clear()
}

function installCleanup(): void {
  if (cleanupInstalled) return
  cleanupInstalled = true
  process.on('exit', killLiveChildren)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      killLiveChildren()
      // Listening to a signal disables Node's default "exit"; restore it unless someone else handles it.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal)
        process.kill(process.pid, signal)
      }
    }
    process.on(signal, onSignal)
  }
}

let setprivUsable: boolean | undefined

function pdeathsigWrapper(): string | undefined {
  if (process.platform !== 'linux') return undefined
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path))
  if (!setpriv) return undefined
  // util-linux < 2.33 has no --pdeathsig; check once.
  setprivUsable ??= spawnSync(setpriv, ['--pdeathsig', 'SIGKILL', '--', 'true']).status === 0
  return setprivUsable ? setpriv : undefined
}

/** Starts a fresh anvil node on a free port of 127.0.0.1 and resolves once it accepts connections. */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<Anvil> {
  const chainId = opts.chainId ?? DEFAULT_CHAIN_ID
  const host = opts.host ?? '127.0.0.1'
  const binary = resolveAnvilBinary()
  const anvilArgs = ['--port', String(opts.port ?? 0), '--host', host, '--chain-id', String(chainId)]
  if (opts.blockTime !== undefined) anvilArgs.push('--block-time', String(opts.blockTime))
  if (opts.extraArgs) anvilArgs.push(...opts.extraArgs)

  const wrapper = opts.killWithParent === false ? undefined : pdeathsigWrapper()
  const [command, args] = wrapper
    ? [wrapper, ['--pdeathsig', 'SIGKILL', '--', binary, ...anvilArgs]]
    : [binary, anvilArgs]

  installCleanup()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  liveChildren.add(child)

  let output = ''
  const keepTail = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
  }
  // Always drain both pipes: anvil logs every RPC call, and a full pipe would block it.
  child.stdout?.on('data', keepTail)
  child.stderr?.on('data', keepTail)

  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      liveChildren.delete(child)
      resolve()
    })
  })

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const escalate = setTimeout(() => child.kill('SIGKILL'), 3_000)
      await exited
      clearTimeout(escalate)
    }
    await exited
  }

  const timeoutMs = opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS
  let port: number
  try {
    port = await new Promise<number>((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        child.off('exit', onExit)
        child.off('error', onError)
      }
      const onData = (): void => {
        const match = /Listening on (\S+):(\d+)/.exec(output)
        if (!match?.[2]) return
        cleanup()
        resolve(Number(match[2]))
      }
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        cleanup()
        const how = signal ? `signal ${signal}` : `code ${code}`
        reject(new AnvilError('ANVIL_EXITED', `anvil exited with ${how} before listening:\n${output}`))
      }
      const onError = (error: Error): void => {
        cleanup()
        reject(new AnvilError('ANVIL_SPAWN_FAILED', `could not start ${binary}: ${error.message}`))
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(
          new AnvilError('ANVIL_START_TIMEOUT', `anvil did not listen within ${timeoutMs} ms:\n${output}`),
        )
      }, timeoutMs)
      child.stdout?.on('data', onData)
      child.once('exit', onExit)
      child.once('error', onError)
    })
  } catch (error) {
    child.kill('SIGKILL')
    liveChildren.delete(child)
    throw error
  }

  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    rpcUrl: `http://${urlHost}:${port}`,
    port,
    chainId,
    pid: child.pid ?? -1,
    accounts: ANVIL_ACCOUNTS.map((account) => ({ ...account })),
    stop,
  }
}
