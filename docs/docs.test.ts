import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The repository's documents are what its comments and readers rely on: these tests keep the parts
// that can be checked true — the headings comments point at exist, the files and functions
// docs/CONTRACTS.md names exist and are exported, and no comment points at a document the
// repository lacks.

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const trackedFiles = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', '--', ...patterns], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path !== '' && existsSync(join(root, path)))

const sourceFiles = () =>
  trackedFiles('apps', 'packages', 'scripts', '.ci').filter((path) => /\.(ts|tsx|mjs|cjs|js|sh)$/.test(path))

function headingsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,4} (.+)$/gm)].map((match) => (match[1] as string).trim()))
}

describe('docs/PRODUCT.md', () => {
  it('has every heading a comment names (`docs/PRODUCT.md, "Heading"`)', () => {
    const headings = headingsOf(read('docs/PRODUCT.md'))
    const references: string[] = []
    for (const path of sourceFiles()) {
      for (const match of read(path).matchAll(/docs\/PRODUCT\.md, "([^"]+)"/g)) {
        references.push(`${path}: ${match[1]}`)
        if (!headings.has(match[1] as string))
          throw new Error(`${path} names a heading docs/PRODUCT.md lacks: "${match[1]}"`)
      }
    }
    // The check must have something to check: the sign-in rules are cited from the server's code.
    expect(references.some((reference) => reference.startsWith('apps/server/src/siwe/rules.ts'))).toBe(true)
  })

  it('no source file, doc or script points at a specification or issue the repository does not hold', () => {
    const offenders: string[] = []
    for (const path of [...sourceFiles(), ...trackedFiles('docs', 'README.md')]) {
      if (path === 'docs/docs.test.ts') continue
      read(path)
        .split('\n')
        .forEach((line, index) => {
          if (/SPEC \u00a7|\bissue \d+\b|\(issue #?\d+\)/i.test(line))
            offenders.push(`${path}:${index + 1}: ${line.trim()}`)
        })
    }
    expect(offenders).toEqual([])
  })
})

/** Where a file CONTRACTS.md names may be, given the folders its section heading names. */
function resolveNamedFile(name: string, bases: string[]): string | undefined {
  const packageSources = ['devchain', 'gateway', 'protocol', 'sandbox'].map((p) => `packages/${p}/src`)
  const candidates = [
    name,
    ...bases.flatMap((base) => [join(base, name), join(base, 'src', name), join(dirname(base), name)]),
    join('apps/server/src', name),
    join('apps/web/src', name),
    join('apps/server', name),
    join('apps/web', name),
    ...packageSources.map((base) => join(base, name)),
  ]
  return candidates.find((candidate) => existsSync(join(root, candidate)))
}

/**
 * Whether the module's text exports `name` (a function, class, constant, type or re-export), or — for
 * a method the entry lists after its class (`start()`, `flush()`) — defines it as a method or member.
 */
function definesName(text: string, name: string): boolean {
  const member = new RegExp(`^\\s+(?:(?:public|private|async|readonly|get)\\s+)*${name}\\??\\s*[(:<]`, 'm')
  if (/^[a-z]/.test(name) && member.test(text)) return true
  const declared = new RegExp(
    `export\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|class|const|let|type|interface|enum|abstract\\s+class)\\s+${name}\\b`,
  )
  const listed = new RegExp(`export\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}`)
  return declared.test(text) || listed.test(text)
}

describe('docs/CONTRACTS.md', () => {
  const contracts = read('docs/CONTRACTS.md')

  it('has each heading once', () => {
    const all = [...contracts.matchAll(/^#{1,4} (.+)$/gm)].map((match) => match[1])
    expect(all.filter((heading, index) => all.indexOf(heading) !== index)).toEqual([])
  })

  it('names files that exist and functions and classes those files export', () => {
    let bases: string[] = []
    const problems: string[] = []
    let checked = 0
    // A bullet and its continuation lines are one entry.
    const entries: { text: string; bases: string[] }[] = []
    for (const line of contracts.split('\n')) {
      const heading = /^#{2,4} (.+)$/.exec(line)
      if (heading) {
        bases = [...(heading[1] as string).matchAll(/((?:apps|packages)\/[\w./-]+)/g)].map(
          (m) => m[1] as string,
        )
        continue
      }
      if (/^\s*- /.test(line) || entries.length === 0) entries.push({ text: line, bases })
      else (entries.at(-1) as { text: string }).text += `\n${line}`
    }
    for (const entry of entries) {
      let current: { path: string; text: string } | undefined
      const mentioned: { path: string; text: string }[] = []
      for (const token of entry.text.matchAll(/`([^`]+)`/g)) {
        const code = token[1] as string
        const file = /^([\w./-]+\.(?:ts|tsx))\b/.exec(code)
        if (file) {
          const path = resolveNamedFile(file[1] as string, entry.bases)
          if (!path) {
            problems.push(`file not found: ${file[1]} (under ${entry.bases.join(', ') || 'no folder'})`)
            current = undefined
          } else {
            current = { path, text: read(path) }
            mentioned.push(current)
          }
          continue
        }
        const call = /^(?:new\s+)?([A-Za-z_$][\w$]*)\(/.exec(code)
        if (!call || !current) continue
        const name = call[1] as string
        checked += 1
        if (!mentioned.some((file) => definesName(file.text, name)))
          problems.push(
            `${name} is neither exported nor defined by ${mentioned.map((file) => file.path).join(' or ')}`,
          )
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(40)
  })
})
