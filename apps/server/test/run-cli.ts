import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = resolve(fileURLToPath(import.meta.url), '../..')
/** The repository root: `npx signet` runs from here. */
export const repoRoot = resolve(serverDir, '../..')
const bin = join(serverDir, 'bin/signet.mjs')

export type CliResult = { code: number | null; stdout: string; stderr: string }

/**
 * Runs `node apps/server/bin/signet.mjs …args` from the repository root, as `npx signet` does; `env` is
 * added to this process's environment.
 */
export function runCli(
  args: string[],
  options: { stdin?: string; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`signet ${args.join(' ')} did not exit within ${options.timeoutMs ?? 110_000} ms`))
    }, options.timeoutMs ?? 110_000)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolvePromise({ code, stdout, stderr })
    })
    child.stdin.end(options.stdin ?? '')
  })
}

let scratch: string | undefined
let fileCount = 0

/** Writes `text` to a fresh temporary file and returns its path. */
export function messageFile(text: string): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'signet-cli-'))
  fileCount++
  const path = join(scratch, `message-${fileCount}.txt`)
  writeFileSync(path, text)
  return path
}

/** Removes the files {@link messageFile} wrote (call from afterAll). */
export function removeMessageFiles(): void {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  scratch = undefined
}
