import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureSafe111Artifacts, SAFE_111_CONTRACTS, safe111CacheDir } from './safe-111-artifacts.ts'

const scratch: string[] = []
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })))
})

function runInChild(cacheDir: string): Promise<string> {
  const script = `
    import { ensureSafe111Artifacts } from ${JSON.stringify(new URL('./safe-111-artifacts.ts', import.meta.url).href)}
    console.log(await ensureSafe111Artifacts({ cacheDir: ${JSON.stringify(cacheDir)} }))
  `
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.once('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${err}`)),
    )
  })
}

describe('ensureSafe111Artifacts', () => {
  it('npm-packs @gnosis.pm/safe-contracts@1.1.1 into the shared cache and keeps the truffle artifacts', async () => {
    const dir = await ensureSafe111Artifacts()
    expect(dir).toBe(join(safe111CacheDir(), 'contracts'))
    expect((await readdir(dir)).sort()).toEqual(SAFE_111_CONTRACTS.map((name) => `${name}.json`).sort())
    const safe = JSON.parse(await readFile(join(dir, 'GnosisSafe.json'), 'utf8')) as {
      contractName: string
      bytecode: string
      abi: { type: string; name?: string }[]
    }
    expect(safe.contractName).toBe('GnosisSafe')
    expect(safe.bytecode).toMatch(/^0x[0-9a-f]+$/)
    expect(safe.abi.some((item) => item.name === 'signMessage')).toBe(true)
    // Calls in one process share one preparation.
    expect(ensureSafe111Artifacts()).toBe(ensureSafe111Artifacts())
  })

  it('two processes preparing one fresh cache folder at once both succeed (lock file)', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'signet-safe111-test-'))
    scratch.push(cacheDir)
    const [a, b] = await Promise.all([runInChild(cacheDir), runInChild(cacheDir)])
    expect(a).toBe(join(cacheDir, 'contracts'))
    expect(b).toBe(a)
    expect((await readdir(cacheDir)).sort()).toEqual(['complete', 'contracts'])
    for (const name of SAFE_111_CONTRACTS) {
      const artifact = JSON.parse(await readFile(join(a, `${name}.json`), 'utf8')) as { contractName: string }
      expect(artifact.contractName).toBe(name)
    }
  })
})
