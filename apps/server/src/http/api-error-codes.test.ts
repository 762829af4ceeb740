import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { apiErrorCodes } from '@signet/protocol/auth-api'
import { describe, expect, it } from 'vitest'
import { errorCodes } from '../errors.ts'

const serverSource = join(import.meta.dirname, '..')
/** Codes only the command line reports (`signet verify --rpc`); no HTTP answer carries them. */
const cliOnlyCodes = ['invalid_rpc_url']

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('error codes', () => {
  it('every code the server writes into an answer is one the protocol lists for the browser', () => {
    const written = new Map<string, string>()
    for (const file of sourceFiles(serverSource)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/(?:error: \{ code: |(?:SignetError|SignInError)\(\s*)'([a-z_]+)'/g))
        written.set(match[1] as string, relative(serverSource, file))
    }
    expect(written.size).toBeGreaterThan(10)
    const unlisted = [...written].filter(
      ([code]) => !(apiErrorCodes as readonly string[]).includes(code) && !cliOnlyCodes.includes(code),
    )
    expect(unlisted).toEqual([])
  })

  it('the codes of siwe/, verify/, chain/ and the CLI are the protocol’s, but for the CLI’s own', () => {
    for (const code of errorCodes) expect([...apiErrorCodes, ...cliOnlyCodes], code).toContain(code)
  })
})
