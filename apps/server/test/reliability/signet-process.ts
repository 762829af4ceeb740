import { type ChildProcess, spawn } from 'node:child_process'
import { freePort } from '@signet/devchain/free-port'
import { waitForHealth } from '../wait-for-health.ts'

const signetBin = new URL('../../bin/signet.mjs', import.meta.url).pathname

/** The origin every test process claims; the SIWE domain is its host. */
export const testOrigin = 'http://localhost:8787'

export type SignetProcess = {
  url: string
  port: number
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  output(): string
  /**
   * The management listener's URL, from the startup banner: waits for it to be printed (a cluster's
   * primary prints it once every worker listens).
   */
  managementUrl(timeoutMs?: number): Promise<string>
  /** Resolves once the process has exited. */
  exited: Promise<void>
  /** SIGTERM (a clean stop); SIGKILL after 10 s. */
  stop(): Promise<void>
}

export type StartSignetProcessOptions = {
  /**
   * Added to (and overriding) the defaults: an EOA-only chain 31337 on a dead RPC, rate limits off, the
   * management listener on any free port (PORT + 1 may be another test's).
   */
  env?: Record<string, string>
  /** Reuse a port, e.g. to restart a killed process where clients already send to it. */
  port?: number
  /** Extra `node` flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[]
  startTimeoutMs?: number
}

/**
 * Starts `signet serve` as its own OS process and waits until `/api/health` answers 200.
 *
 * @example const server = await startSignetProcess({ env: { DATABASE_URL: postgres.url } })
 */
export async function startSignetProcess(options: StartSignetProcessOptions = {}): Promise<SignetProcess> {
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), signetBin, 'serve'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      SIGNET_ORIGIN: testOrigin,
      // EOA sign-ins never call the RPC; nothing listens on port 9.
      SIGNET_RPC_31337: 'http://127.0.0.1:9',
      SIGNET_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
      SIGNET_MANAGEMENT_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const signet: SignetProcess = {
    url,
    port,
    child,
    output: () => output,
    async managementUrl(timeoutMs = 60_000) {
      for (let waited = 0; waited < timeoutMs; waited += 50) {
        const url = /^Management \(probes and metrics\): (\S+) /m.exec(output)?.[1]
        if (url) return url
        if (child.exitCode !== null || child.signalCode !== null) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`signet serve printed no management URL:\n${output}`)
    },
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.kill('SIGTERM')
      await exited
      clearTimeout(force)
    },
  }
  await waitForHealth(url, child, { timeoutMs: options.startTimeoutMs ?? 60_000, output: () => output })
  return signet
}
