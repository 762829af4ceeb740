import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@signet/devchain/free-port'

/** The Debian package's binary (`apt-get install prometheus`, scripts/install-system-deps.sh). */
export const prometheusBinary = '/usr/bin/prometheus'

export type PrometheusServer = {
  url: string
  /** An instant query through the HTTP API: the result vector's samples (labels and value). */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number; timestamp: number }[]>
  stop(): Promise<void>
}

/**
 * Runs a real Prometheus that scrapes `target` (host:port, path /metrics) every second, with its data
 * in a temporary folder and its web API on a free loopback port.
 */
export async function startPrometheus(target: string): Promise<PrometheusServer> {
  if (!existsSync(prometheusBinary))
    throw new Error(`${prometheusBinary} is missing: run scripts/install-system-deps.sh (as root)`)
  const dir = mkdtempSync(join(tmpdir(), 'signet-prometheus-'))
  const config = join(dir, 'prometheus.yml')
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: signet',
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  )
  const port = await freePort()
  const child = spawn(
    prometheusBinary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let log = ''
  child.stderr?.on('data', (chunk) => (log += chunk))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    await stopProcess(child)
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}):\n${log}`)
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`prometheus was not ready within 30 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    async query(promql) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`)
      const body = (await response.json()) as {
        status: string
        error?: string
        data: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] }
      }
      if (body.status !== 'success') throw new Error(`query ${promql}: ${body.error}`)
      return body.data.result.map(({ metric, value }) => ({
        metric,
        timestamp: value[0],
        value: Number(value[1]),
      }))
    },
    stop,
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
