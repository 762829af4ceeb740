import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the management listener answers with; the process (or a cluster's primary) provides it. */
export type ManagementEndpoints = {
  /** `/readyz`: 200 when `status` is `ready`, else 503; the whole report is the body. */
  readiness(): Promise<{ status: 'ready' | 'unready' }>
  /** `/metrics` in Prometheus's text format; undefined when metrics are off (SIGNET_METRICS=off). */
  metrics?: () => Promise<{ contentType: string; text: string }>
}

export type ManagementServer = {
  /** e.g. `http://127.0.0.1:8788` */
  url: string
  stop(): Promise<void>
}

/**
 * The management listener, apart from the public port so that probes and metrics are never exposed
 * where the users are: `GET /livez` (200 while the process runs, nothing else checked), `GET /readyz`
 * and `GET /metrics`. HEAD works as GET without the body.
 *
 * @example const management = await startManagementServer({ host: '127.0.0.1', port: 8788 }, endpoints)
 */
export async function startManagementServer(
  address: { host: string; port: number },
  endpoints: ManagementEndpoints,
): Promise<ManagementServer> {
  const server = createServer((req, res) => {
    answer(req, res, endpoints).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { status: 'error', message: String(error) })
      else res.destroy()
    })
  })
  // A prober that holds a connection open must not delay the process's exit.
  server.keepAliveTimeout = 2_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const host = address.host.includes(':') ? `[${address.host}]` : address.host
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, endpoints: ManagementEndpoints) {
  const path = (req.url ?? '/').split('?')[0]
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD')
    return sendJson(res, 405, { status: 'error', message: `${req.method} is not allowed; use GET.` })
  }
  if (path === '/livez') return sendJson(res, 200, { status: 'ok' })
  if (path === '/readyz') {
    const report = await endpoints.readiness()
    return sendJson(res, report.status === 'ready' ? 200 : 503, report)
  }
  if (path === '/metrics') {
    if (!endpoints.metrics)
      return sendJson(res, 404, { status: 'error', message: 'Metrics are off (SIGNET_METRICS=off).' })
    const { contentType, text } = await endpoints.metrics()
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
    res.end(req.method === 'HEAD' ? undefined : text)
    return
  }
  sendJson(res, 404, {
    status: 'error',
    message: `No management endpoint ${path}; try /livez, /readyz, /metrics.`,
  })
}

function sendJson(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(res.req.method === 'HEAD' ? undefined : JSON.stringify(body))
}
