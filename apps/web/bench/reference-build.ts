import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/** RainbowKit's default set-up (bench/reference), the first-load benchmark's baseline. */
export const referenceRoot = fileURLToPath(new URL('./reference/', import.meta.url))
export const referenceDist = join(referenceRoot, 'dist')

async function newestSource(dir: string): Promise<number> {
  let newest = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? await newestSource(path) : (await stat(path)).mtimeMs)
  }
  return newest
}

/**
 * Builds the reference app into bench/reference/dist when that build is missing or older than its
 * sources, with the same Vite and target as Signet's build. Returns the dist folder.
 *
 * @example const dist = await buildReference()
 */
export async function buildReference(log: (line: string) => void = console.log): Promise<string> {
  const built = await stat(join(referenceDist, 'index.html')).then(
    (info) => info.mtimeMs,
    () => 0,
  )
  if (built > (await newestSource(referenceRoot))) return referenceDist
  log('building the RainbowKit reference (bench/reference) …')
  await build({
    root: referenceRoot,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: referenceDist, emptyOutDir: true, target: 'es2022' },
  })
  return referenceDist
}
