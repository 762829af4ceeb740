import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { PublicConfig } from '@signet/protocol/public-config'
import { type Context, Hono, type MiddlewareHandler } from 'hono'

/** Where `npm run build -w apps/web` puts the app. */
export const defaultWebDist = new URL('../../../web/dist', import.meta.url).pathname

/** Vite names every file under assets/ by its content: a URL there never changes meaning. */
const immutable = 'public, max-age=31536000, immutable'

/**
 * The built web app: its files, and index.html (with the run-time configuration) for every other path,
 * so that the app's own routes load it. A file that is not there is a 404 that nobody keeps (during a
 * rolling deploy a browser or CDN would otherwise keep the HTML page, or a 404, under a script's URL),
 * and index.html follows the build on disk: a rebuild, or a first build after the server started, is
 * served without a restart.
 *
 * @example app.route('/', webAppRoutes({ webDist, publicConfig }))
 */
export function webAppRoutes(options: { webDist: string; publicConfig: PublicConfig }): Hono {
  const app = new Hono()
  const page = indexPage(options.webDist, options.publicConfig)
  const servePage = async (c: Context) => {
    const html = await page()
    if (html === undefined) {
      return c.text('The web app is not built: run `npm run build -w apps/web`.', 503, {
        'Cache-Control': 'no-store',
      })
    }
    return c.html(html, 200, { 'Cache-Control': 'no-cache' })
  }
  // The raw file lacks the configuration: the same page as every route.
  app.get('/index.html', servePage)
  // Made once the build folder exists (serveStatic complains about a missing root when made).
  let files: { assets: MiddlewareHandler; other: MiddlewareHandler } | undefined
  const whenBuilt =
    (pick: (made: NonNullable<typeof files>) => MiddlewareHandler): MiddlewareHandler =>
    (c, next) => {
      files ??= existsSync(options.webDist)
        ? {
            assets: serveStatic({ root: options.webDist }),
            other: serveStatic({ root: options.webDist, index: '__no_index__' }),
          }
        : undefined
      return files ? pick(files)(c, next) : next()
    }
  app.use(
    '/assets/*',
    async (c, next) => {
      await next()
      if (c.res.status === 200) c.res.headers.set('Cache-Control', immutable)
    },
    whenBuilt((made) => made.assets),
  )
  app.use(
    '*',
    whenBuilt((made) => made.other),
  )
  app.get('*', (c) => {
    if (isFilePath(c.req.path)) {
      return c.text(`No file ${c.req.path}.`, 404, { 'Cache-Control': 'no-store' })
    }
    return servePage(c)
  })
  return app
}

/** A path that names a file (under assets/, or with an extension), not one of the app's routes. */
function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[\w-]+$/.test(path.slice(path.lastIndexOf('/') + 1))
}

/**
 * The built app's index.html with the run-time configuration injected as a JSON script, so the app needs
 * no extra request before its first render; `<` is escaped so no value can close the script. The file
 * is looked at on every call (one `stat`) and read again when its modification time or size changed;
 * undefined while there is none.
 */
function indexPage(webDist: string, publicConfig: PublicConfig): () => Promise<string | undefined> {
  const file = join(webDist, 'index.html')
  const script = `<script id="signet-config" type="application/json">${JSON.stringify(publicConfig).replace(/</g, '\\u003c')}</script>`
  let cached: { version: string; html: string } | undefined
  return async () => {
    const found = await stat(file).catch(() => undefined)
    if (!found?.isFile()) {
      cached = undefined
      return undefined
    }
    const version = `${found.mtimeMs}:${found.size}`
    if (cached?.version !== version) {
      const html = await readFile(file, 'utf8').catch(() => undefined)
      if (html === undefined) return undefined
      cached = {
        version,
        html: html.includes('</head>') ? html.replace('</head>', `${script}</head>`) : `${script}${html}`,
      }
    }
    return cached.html
  }
}
