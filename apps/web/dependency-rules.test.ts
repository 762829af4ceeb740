import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, format, type IConfiguration, type ICruiseResult } from 'dependency-cruiser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const rules = createRequire(import.meta.url)('./dependency-rules.cjs') as IConfiguration

// A small web app laid out like the real one: each file imports what its name says.
const files: Record<string, string> = {
  'app/App.tsx': `import '../oidc/Page.tsx'\nexport const app = 1`,
  'main.tsx': `import './app/App.tsx'`,
  'oidc/Page.tsx': `import '../wallet/chains.ts'\nimport '../lib/ErrorBoundary.tsx'\nexport const page = 1`,
  'wallet/chains.ts': `import '../i18n/translate.ts'\nexport const chains = 1`,
  'i18n/translate.ts': `export const t = 1`,
  'lib/ErrorBoundary.tsx': `import '../i18n/translate.ts'\nexport const boundary = 1`,
  // Back-edges:
  'safe/uses-shell.ts': `import { app } from '../app/App.tsx'\nexport const x = app`,
  'wallet/uses-oidc.ts': `import { page } from '../oidc/Page.tsx'\nexport const x = page`,
  'wallet/uses-oidc.test.ts': `import { page } from '../oidc/Page.tsx'\nexport const x = page`,
  'lib/uses-wallet.ts': `import { chains } from '../wallet/chains.ts'\nexport const x = chains`,
  'lib/cycle-a.ts': `import { b } from './cycle-b.ts'\nexport const a = () => b`,
  'lib/cycle-b.ts': `import { a } from './cycle-a.ts'\nexport const b = () => a`,
  'auth/uses-safe-sign-in.ts': `import '../safe-sign-in/flow.ts'`,
  'safe-sign-in/flow.ts': `export const flow = 1`,
}

let root: string
let result: ICruiseResult

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'signet-dependency-rules-'))
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, 'apps/web/src', path)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, `${text}\n`)
  }
  const { output } = await cruise(['apps/web/src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: rules.forbidden ?? [] },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  })
  result = output as ICruiseResult
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the web app dependency rules', () => {
  it('report every back-edge, and only those', () => {
    const found = result.summary.violations.map(({ rule, from, to, cycle }) =>
      [rule.name, from.replace('apps/web/src/', ''), cycle ? 'cycle' : to.replace('apps/web/src/', '')].join(
        ' ',
      ),
    )
    expect(found.sort()).toEqual(
      [
        'no-import-of-the-app-shell safe/uses-shell.ts app/App.tsx',
        'wallet-imports-only-lower-layers wallet/uses-oidc.ts oidc/Page.tsx',
        'wallet-imports-only-lower-layers wallet/uses-oidc.test.ts oidc/Page.tsx',
        'lib-imports-no-feature lib/uses-wallet.ts wallet/chains.ts',
        'auth-imports-only-lower-layers auth/uses-safe-sign-in.ts safe-sign-in/flow.ts',
        'no-circular lib/cycle-a.ts cycle',
      ].sort(),
    )
  })

  it('name the offending import in their report', async () => {
    const { output } = await format(result, { outputType: 'err' })
    expect(output).toContain(
      'error no-import-of-the-app-shell: apps/web/src/safe/uses-shell.ts → apps/web/src/app/App.tsx',
    )
  })
})
