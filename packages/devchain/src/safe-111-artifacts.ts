import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

export const SAFE_111_PACKAGE = '@gnosis.pm/safe-contracts@1.1.1'

/** Truffle artifacts (build/contracts/<Name>.json) kept from the 1.1.1 package. */
export const SAFE_111_CONTRACTS = [
  'GnosisSafe',
  'ProxyFactory',
  'Proxy',
  'DefaultCallbackHandler',
  'MultiSend',
  'CreateCall',
] as const

export type Safe111ArtifactsErrorCode = 'SAFE_111_PACK_FAILED' | 'SAFE_111_LOCK_TIMEOUT'

export class Safe111ArtifactsError extends Error {
  readonly code: Safe111ArtifactsErrorCode
  constructor(code: Safe111ArtifactsErrorCode, message: string) {
    super(message)
    this.name = 'Safe111ArtifactsError'
    this.code = code
  }
}

const LOCK_WAIT_MS = 180_000
const LOCK_STALE_MS = 120_000

/** Cache folder for the 1.1.1 artifacts, shared by every process on this machine. */
export function safe111CacheDir(): string {
  return join(tmpdir(), 'signet-safe-contracts-1.1.1')
}

const pending = new Map<string, Promise<string>>()

/**
 * Makes the Safe 1.1.1 artifacts available and returns the folder holding `<Name>.json`.
 * `@gnosis.pm/safe-contracts@1.1.1` cannot be `npm install`ed (its dependencies fetch from outside
 * npm at install time), but `npm pack` only downloads the tarball, which holds build/contracts.
 * Done once per machine (per cache folder); concurrent processes wait on a lock file in it.
 */
export function ensureSafe111Artifacts(opts: { cacheDir?: string } = {}): Promise<string> {
  const cacheDir = opts.cacheDir ?? safe111CacheDir()
  let ready = pending.get(cacheDir)
  if (!ready) {
    ready = prepare(cacheDir).catch((error: unknown) => {
      pending.delete(cacheDir)
      throw error
    })
    pending.set(cacheDir, ready)
  }
  return ready
}

function isComplete(contractsDir: string): boolean {
  return (
    existsSync(join(contractsDir, '..', 'complete')) &&
    SAFE_111_CONTRACTS.every((name) => existsSync(join(contractsDir, `${name}.json`)))
  )
}

async function lockIsStale(lockPath: string): Promise<boolean> {
  const info = await stat(lockPath).catch(() => undefined)
  if (!info) return true
  const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim())
  if (holder > 0) {
    try {
      process.kill(holder, 0)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true
    }
  }
  return Date.now() - info.mtimeMs > LOCK_STALE_MS
}

async function prepare(cacheDir: string): Promise<string> {
  const contractsDir = join(cacheDir, 'contracts')
  if (isComplete(contractsDir)) return contractsDir
  await mkdir(cacheDir, { recursive: true })
  const lockPath = join(cacheDir, 'lock')
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    if (isComplete(contractsDir)) return contractsDir
    let lock: Awaited<ReturnType<typeof open>>
    try {
      lock = await open(lockPath, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (await lockIsStale(lockPath)) {
        await rm(lockPath, { force: true })
      } else if (Date.now() > deadline) {
        throw new Safe111ArtifactsError('SAFE_111_LOCK_TIMEOUT', `gave up waiting for ${lockPath}`)
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      continue
    }
    try {
      await lock.writeFile(String(process.pid))
      if (!isComplete(contractsDir)) await packAndExtract(cacheDir, contractsDir)
      return contractsDir
    } finally {
      await lock.close()
      await rm(lockPath, { force: true })
    }
  }
}

/** npm settings inherited from an `npm run`/`npm test` parent that would change what `npm pack` does. */
const INHERITED_NPM_SETTINGS =
  /^npm_config_(workspaces?|include_workspace_root|prefix|global|location|dry_run|pack_destination|json)$/i

async function packAndExtract(cacheDir: string, contractsDir: string): Promise<void> {
  const workDir = await mkdtemp(join(cacheDir, 'work-'))
  try {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !INHERITED_NPM_SETTINGS.test(key)),
    )
    try {
      await execFileAsync(
        'npm',
        ['pack', SAFE_111_PACKAGE, '--ignore-scripts', '--pack-destination', workDir],
        {
          cwd: workDir,
          env,
          timeout: 120_000,
        },
      )
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? ''
      throw new Safe111ArtifactsError(
        'SAFE_111_PACK_FAILED',
        `npm pack ${SAFE_111_PACKAGE} failed: ${(error as Error).message}\n${stderr}`,
      )
    }
    const tarball = (await readdir(workDir)).find((file) => file.endsWith('.tgz'))
    if (!tarball)
      throw new Safe111ArtifactsError('SAFE_111_PACK_FAILED', `npm pack left no tarball in ${workDir}`)
    const members = SAFE_111_CONTRACTS.map((name) => `package/build/contracts/${name}.json`)
    await execFileAsync('tar', ['-xzf', tarball, '--no-same-owner', ...members], { cwd: workDir })
    await rm(contractsDir, { recursive: true, force: true })
    await rename(join(workDir, 'package', 'build', 'contracts'), contractsDir)
    await writeFile(join(cacheDir, 'complete'), `${SAFE_111_PACKAGE}\n`)
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
