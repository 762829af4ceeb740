import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { toPublicConfig } from '../config/public-config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { createApp } from './app.ts'

// The built web app as the server serves it (a temp folder stands for apps/web/dist): missing files
// are 404s nobody caches, and index.html follows the build on disk.

const origin = 'http://localhost:8787'
const immutable = 'public, max-age=31536000, immutable'

let dataDir: string
let webDist: string
let db: StoreDatabase

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'signet-web-app-'))
  webDist = join(dataDir, 'dist')
  db = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'db.sqlite') })
})

afterEach(async () => {
  await db.destroy()
  await rm(dataDir, { recursive: true, force: true })
})

function makeApp() {
  const config = loadConfig({ SIGNET_RPC_1: 'http://127.0.0.1:9', SIGNET_ORIGIN: origin })
  return createApp({
    db,
    domain: 'localhost:8787',
    origin,
    chainIds: [1],
    clientFor: () => undefined,
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 600_000,
    publicConfig: toPublicConfig({ ...config, origin }, 'http://gateway.test'),
    safeHosts: ['https://app.safe.global'],
    rateLimit: { enabled: false, noncePerMinute: 1, verifyPerMinute: 1 },
    webDist,
    log: pino({ level: 'silent' }),
  })
}

/** Writes a build: index.html loading one script, as `vite build` does. */
async function writeBuild(script: string, modified?: Date): Promise<void> {
  await mkdir(join(webDist, 'assets'), { recursive: true })
  await writeFile(join(webDist, 'assets', script), 'console.log("app")')
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  const index = join(webDist, 'index.html')
  await writeFile(
    index,
    `<!doctype html><html><head><script type="module" src="/assets/${script}"></script></head><body></body></html>`,
  )
  if (modified) await utimes(index, modified, modified)
}

describe('the web app as served', () => {
  it('serves a build that appears after the start, and each rebuild after it, without a restart', async () => {
    const app = makeApp()
    const before = await app.request('/')
    expect(before.status).toBe(503)
    expect(await before.text()).toBe('The web app is not built: run `npm run build -w apps/web`.')
    expect(before.headers.get('cache-control')).toBe('no-store')

    await writeBuild('index-first.js', new Date('2026-01-01T00:00:00Z'))
    const first = await app.request('/oidc/interaction/abc')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const firstHtml = await first.text()
    expect(firstHtml).toContain('<script type="module" src="/assets/index-first.js"></script>')
    expect(firstHtml).toContain('<script id="signet-config" type="application/json">{')

    await rm(join(webDist, 'assets', 'index-first.js'))
    await writeBuild('index-second.js', new Date('2026-01-01T00:01:00Z'))
    const second = await (await app.request('/')).text()
    expect(second).toContain('src="/assets/index-second.js"')
    expect(second).not.toContain('index-first.js')
    // The raw file is never served: it would lack the configuration.
    expect(await (await app.request('/index.html')).text()).toBe(second)

    // A build being replaced (dist emptied): "not built" again until index.html is back.
    await rm(webDist, { recursive: true })
    expect((await app.request('/')).status).toBe(503)
  })

  it('answers a missing asset or file with a 404 that is not cached, and a present one for a year', async () => {
    await writeBuild('index-abc.js')
    const app = makeApp()

    const present = await app.request('/assets/index-abc.js')
    expect(present.status).toBe(200)
    expect(present.headers.get('cache-control')).toBe(immutable)
    expect(await present.text()).toBe('console.log("app")')

    for (const path of [
      '/assets/does-not-exist.js',
      '/assets/nested/gone.css',
      '/missing.png',
      '/a/b/c.js',
    ]) {
      const missing = await app.request(path)
      expect({ path, status: missing.status, cache: missing.headers.get('cache-control') }).toEqual({
        path,
        status: 404,
        cache: 'no-store',
      })
      expect(await missing.text()).toBe(`No file ${path}.`)
      // Still under the page's security headers.
      expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'")
    }

    const favicon = await app.request('/favicon.svg')
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('cache-control')).toBeNull()
    // The app's routes still get the page, and the API keeps its own 404.
    expect((await app.request('/some/route')).status).toBe(200)
    expect((await app.request('/api/nothing')).status).toBe(404)
    expect(
      ((await (await app.request('/api/nothing')).json()) as { error: { code: string } }).error.code,
    ).toBe('not_found')
  })
})
