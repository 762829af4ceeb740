import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
}

export type StaticServer = { url: string; stop(): Promise<void> }

/**
 * Serves a built app's folder on 127.0.0.1 (a free port), uncompressed as Signet's own server does,
 * with index.html for any path that is not a file.
 *
 * @example const server = await serveStatic('apps/web/bench/reference/dist')
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = path === '/' || path.includes('..') ? 'index.html' : path.slice(1)
    try {
      const body = await readFile(join(root, file))
      response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      const body = await readFile(join(root, 'index.html'))
      response.writeHead(200, { 'content-type': contentTypes['.html'] })
      response.end(body)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
