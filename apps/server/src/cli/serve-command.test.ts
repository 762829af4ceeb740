import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../test/run-cli.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'signet-serve-'))
const children = new Set<ChildProcessWithoutNullStreams>()

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** Starts `signet <command>` with a configured chain (so no local chain) and resolves with its URL. */
function startCli(command: 'serve' | 'dev') {
  const child = spawn(process.execPath, ['apps/server/bin/signet.mjs', command], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      SIGNET_RPC_1: 'http://127.0.0.1:9',
      DATABASE_URL: join(dataDir, `${command}.sqlite`),
      LOG_LEVEL: 'warn',
      SIGNET_MODE: '',
    },
  })
  children.add(child)
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr.on('data', () => {})
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const url = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /Signet is running at (\S+) \(Ctrl-C to stop\)\n/.exec(stdout)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout.on('data', onData)
    void exited.then((code) => reject(new Error(`signet ${command} exited with ${code}: ${stdout}`)))
  })
  return { child, url, exited, output: () => stdout }
}

describe('signet serve / dev', { timeout: 120_000 }, () => {
  it('serve runs until SIGTERM, then stops cleanly with exit 0', async () => {
    const { child, url, exited, output } = startCli('serve')
    const base = await url
    expect(await (await fetch(`${base}/api/health`)).json()).toStrictEqual({ status: 'ok' })
    expect(((await (await fetch(`${base}/api/config`)).json()) as { mode: string }).mode).toBe('production')
    // PORT=0: the management listener takes any free port too.
    const management = /^Management \(probes and metrics\): (http:\/\/127\.0\.0\.1:\d+) /m.exec(output())?.[1]
    expect(await (await fetch(`${management}/livez`)).json()).toStrictEqual({ status: 'ok' })
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output()).toBe(
      `Signet is running at ${base} (Ctrl-C to stop)\nManagement (probes and metrics): ${management} (/livez, /readyz, /metrics)\nStopping Signet (SIGTERM)…\n`,
    )
    await expect(fetch(`${base}/api/health`)).rejects.toThrow()
  })

  it('dev runs in dev mode until SIGINT', async () => {
    const { child, url, exited, output } = startCli('dev')
    const base = await url
    expect(((await (await fetch(`${base}/api/config`)).json()) as { mode: string }).mode).toBe('dev')
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(output()).toContain('Stopping Signet (SIGINT)…\n')
  })
})
