import type { ChildProcess } from 'node:child_process'

// Tests and benches that spawn `signet serve` all wait for it the same way before sending it anything.

export type WaitForHealthOptions = {
  timeoutMs: number
  /** Checked after each 200, e.g. that every worker of a cluster is up; default: ready at once. */
  ready?: () => boolean
  /** What the process printed so far, added to the error when it exits or never answers. */
  output?: () => string
  /** How the process is named in errors. */
  name?: string
}

/**
 * Resolves once `${url}/api/health` answers 200 (and `ready()` holds). Rejects as soon as `child` exits,
 * and after `timeoutMs`, killing `child` first.
 *
 * @example await waitForHealth(`http://127.0.0.1:${port}`, child, { timeoutMs: 60_000 })
 */
export async function waitForHealth(url: string, child: ChildProcess, options: WaitForHealthOptions) {
  const name = options.name ?? 'signet serve'
  const printed = () => (options.output ? `:\n${options.output()}` : '')
  const deadline = Date.now() + options.timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited early (${child.exitCode ?? child.signalCode})${printed()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      await response.arrayBuffer()
      if (response.ok && (options.ready?.() ?? true)) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`${name} did not answer within ${options.timeoutMs} ms${printed()}`)
}
