import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { describe, expect, it } from 'vitest'

// The rule of dependency-rules.cjs, run through dependency-cruiser's API from the repository's root (where
// `npm run lint:deps:server` runs): the server as it is passes, and one import against the rule fails,
// named by its rule and its two ends.

const root = join(import.meta.dirname, '..', '..')

async function violationsOf(entries: string[]) {
  const options = await extractDepcruiseOptions(join(root, 'apps/server/dependency-rules.cjs'))
  const tsConfigFile = join(root, 'apps/server/tsconfig.json')
  const { output } = await cruise(
    entries,
    { ...options, baseDir: root, tsConfig: { fileName: tsConfigFile }, outputType: 'json' },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  )
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult
  return result.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  )
}

/** Runs `check` while `path` (under apps/server/src) holds `text`; removes it after. */
async function withFile<T>(path: string, text: string, check: () => Promise<T>): Promise<T> {
  const file = join(root, path)
  writeFileSync(file, text)
  try {
    return await check()
  } finally {
    rmSync(file, { force: true })
  }
}

describe('the server’s dependency rule', () => {
  it('holds for the server as it is', async () => {
    expect(await violationsOf(['apps/server/src'])).toEqual([])
  })

  it('fails an import from store/ into http/ (a lower layer reaching up)', async () => {
    const backEdge = 'apps/server/src/store/dependency-rule-back-edge.ts'
    const violations = await withFile(
      backEdge,
      "import { createApp } from '../http/app.ts'\n\nexport const app = createApp\n",
      () => violationsOf([backEdge]),
    )
    expect(violations).toEqual([`layer-store: ${backEdge} → apps/server/src/http/app.ts`])
  })

  it('fails an import between two folders of one layer (chain/ into siwe/)', async () => {
    const sideEdge = 'apps/server/src/chain/dependency-rule-side-edge.ts'
    const violations = await withFile(
      sideEdge,
      "import { parseSiweMessage } from '../siwe/parse.ts'\n\nexport const parse = parseSiweMessage\n",
      () => violationsOf([sideEdge]),
    )
    expect(violations).toEqual([`peer-chain: ${sideEdge} → apps/server/src/siwe/parse.ts`])
  })
})
