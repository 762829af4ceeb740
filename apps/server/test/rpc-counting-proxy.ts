import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RpcCountingProxy = {
  url: string
  /** HTTP requests received since the last reset, each with its JSON-RPC body. */
  requests: { body: unknown }[]
  /** JSON-RPC methods of the requests since the last reset, one array per HTTP request. */
  methods(): string[][]
  reset(): void
  close(): Promise<void>
}

/**
 * A tiny HTTP proxy in front of a JSON-RPC node that records every request it forwards, so a test can
 * count real round trips whatever the client library does inside.
 */
export async function startRpcCountingProxy(targetUrl: string): Promise<RpcCountingProxy> {
  const requests: { body: unknown }[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    requests.push({ body: JSON.parse(body) })
    const upstream = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' })
    res.end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    methods: () =>
      requests.map(({ body }) =>
        (Array.isArray(body) ? body : [body]).map((item) => (item as { method: string }).method),
      ),
    reset: () => {
      requests.length = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** A URL on which nothing listens: a port we bound and released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
