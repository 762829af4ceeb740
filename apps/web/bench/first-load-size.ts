import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One chunk of Vite's manifest (dist/.vite/manifest.json). */
export type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type ViteManifest = Record<string, ManifestChunk>

export type FirstLoadFile = { file: string; bytes: number; gzipBytes: number }
export type FirstLoadSize = { files: FirstLoadFile[]; bytes: number; gzipBytes: number }

/** The first load's budget of JavaScript, gzip. */
export const firstLoadBudgetBytes = 150 * 1024

export class ManifestError extends Error {
  override name = 'ManifestError'
  readonly code = 'manifest_unusable'
}

/**
 * The JavaScript files index.html loads before any user action: its entry chunk and that chunk's
 * static imports, transitively (dynamic imports wait for the code that asks for them).
 *
 * @example firstLoadScripts(manifest) // ['assets/index-….js', 'assets/rolldown-runtime-….js']
 */
export function firstLoadScripts(manifest: ViteManifest, entry = 'index.html'): string[] {
  if (!manifest[entry]?.isEntry) throw new ManifestError(`the manifest has no entry "${entry}"`)
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new ManifestError(`the manifest names "${key}" but does not describe it`)
    if (chunk.file.endsWith('.js')) files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(entry)
  return files
}

/** gzip size as Vite reports it (zlib's default level). */
export function gzipSize(content: Uint8Array | string): number {
  return gzipSync(content).length
}

/**
 * Sizes of the first load's JavaScript in a build (`apps/web/dist`), raw and gzip.
 *
 * @example const { gzipBytes } = await measureFirstLoad('apps/web/dist')
 */
export async function measureFirstLoad(distDir: string): Promise<FirstLoadSize> {
  const manifest = await readManifest(distDir)
  const files: FirstLoadFile[] = []
  for (const file of firstLoadScripts(manifest)) {
    const content = await readFile(join(distDir, file))
    files.push({ file, bytes: content.length, gzipBytes: gzipSize(content) })
  }
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  }
}

async function readManifest(distDir: string): Promise<ViteManifest> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest
  } catch (error) {
    throw new ManifestError(
      `no Vite manifest in ${distDir}/.vite (build the app first: npm run build): ${(error as Error).message}`,
    )
  }
}

/** "12.3 KiB" */
export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`
}

export type CatalogueChunk = { locale: string; file: string; bytes: number; gzipBytes: number }

/**
 * The built chunk of each language's catalogue other than English (src/i18n/catalogues/<locale>.json,
 * loaded only for the language shown), with its size.
 */
export async function measureCatalogues(distDir: string): Promise<CatalogueChunk[]> {
  const manifest = await readManifest(distDir)
  const chunks: CatalogueChunk[] = []
  for (const [key, chunk] of Object.entries(manifest)) {
    const locale = /(?:^|\/)src\/i18n\/catalogues\/([\w-]+)\.json$/.exec(chunk.src ?? key)?.[1]
    if (!locale) continue
    const content = await readFile(join(distDir, chunk.file))
    chunks.push({ locale, file: chunk.file, bytes: content.length, gzipBytes: gzipSize(content) })
  }
  return chunks.sort((a, b) => a.locale.localeCompare(b.locale))
}
