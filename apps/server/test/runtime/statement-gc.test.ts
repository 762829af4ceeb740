import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const here = resolve(fileURLToPath(import.meta.url), '..')
const runTs = resolve(here, '../../bin/run-ts.mjs')
const folder = mkdtempSync(join(tmpdir(), 'signet-gc-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('the SQLite store under forced garbage collection', () => {
  it('runs, finalises collected statements, closes and collects again without aborting the process', async () => {
    const result = await new Promise<{
      code: number | null
      signal: string | null
      out: string
      err: string
    }>((done) => {
      const child = spawn(
        process.execPath,
        ['--expose-gc', runTs, join(here, 'statement-gc-child.ts'), join(folder, 'gc.sqlite')],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      let err = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk
      })
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk
      })
      child.once('close', (code, signal) => done({ code, signal, out, err }))
    })
    expect(result.err).not.toContain('Assertion failed')
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 0, signal: null })
    expect(JSON.parse(result.out)).toEqual({ queries: 4000, node: process.versions.node })
  }, 60_000)
})
