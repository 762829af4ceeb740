import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type SlowRpcProxy = {
  url: string
  /** JSON-RPC calls received so far (a batch counts each of its calls). */
  calls(): number
  /** Holds the requests that come from now on `ms` (0: forwards them at once). */
  setDelay(ms: number): void
  close(): Promise<void>
}

/**
 * A JSON-RPC proxy in front of a real node that holds every request `delayMs` before forwarding it
 * (`Infinity`: never answers): contract-account sign-ins through it are slow, so a test can have many in
 * flight at a chosen moment.
 */
export async function startSlowRpcProxy(targetUrl: string, delayMs: number): Promise<SlowRpcProxy> {
  let calls = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const parsed = JSON.parse(body) as unknown
    calls += Array.isArray(parsed) ? parsed.length : 1
    if (delayMs === Number.POSITIVE_INFINITY) return
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const upstream = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' })
    res.end(await upstream.text())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    setDelay: (ms) => {
      delayMs = ms
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
