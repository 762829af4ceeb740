import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from './client.ts'
import { GatewayHttpError, GatewayNetworkError, GatewayResponseError, GatewayTimeoutError } from './errors.ts'
import * as sample from './sample-responses.ts'

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A real HTTP server answering with `handler`; records each request's method, path and arrival time. */
async function serve(handler: Handler) {
  const seen: { method: string; url: string; at: number }[] = []
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', at: Date.now() })
    request.resume()
    handler(request, response, seen.length - 1)
  })
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}`, seen }
}

function json(response: ServerResponse, status: number, body: unknown, statusText?: string) {
  response.writeHead(status, statusText, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const SAFE = sample.SAFE

describe('gateway error texts', () => {
  it('a body with code and message becomes "code: message"', async () => {
    const { baseUrl } = await serve((_, res) =>
      json(res, 422, { code: 1, message: 'Invalid signature', arguments: [] }),
    )
    const error = await createGatewayClient({ baseUrl })
      .proposeSafeMessage(1, SAFE, { message: 'hi', signature: '0x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayHttpError)
    expect((error as GatewayHttpError).message).toBe('1: Invalid signature')
    expect((error as GatewayHttpError).status).toBe(422)
    expect((error as GatewayHttpError).code).toBe('GATEWAY_HTTP_ERROR')
    expect((error as GatewayHttpError).call).toBe('proposeSafeMessage')
  })

  it('a string code is kept as sent', async () => {
    const { baseUrl } = await serve((_, res) => json(res, 400, { code: 'ERR_BAD', message: 'Bad thing' }))
    await expect(createGatewayClient({ baseUrl }).getNonces(1, SAFE)).rejects.toThrow(/^ERR_BAD: Bad thing$/)
  })

  it('no body: the HTTP status text', async () => {
    const { baseUrl } = await serve((_, res) => {
      res.writeHead(404)
      res.end()
    })
    await expect(createGatewayClient({ baseUrl }).getSafeInfo(1, SAFE)).rejects.toThrow(/^Not Found$/)
  })

  it('a body without code and message (NestJS default): the HTTP status text as sent', async () => {
    const { baseUrl } = await serve((_, res) =>
      json(res, 409, { statusCode: 409, error: 'x' }, 'Already Exists'),
    )
    await expect(
      createGatewayClient({ baseUrl }).confirmSafeMessage(1, sample.MESSAGE_HASH, { signature: '0x' }),
    ).rejects.toThrow(/^Already Exists$/)
  })

  it('a non-JSON error body: the status text', async () => {
    const { baseUrl } = await serve((_, res) => {
      res.writeHead(403, { 'content-type': 'text/html' })
      res.end('<h1>nope</h1>')
    })
    const error = await createGatewayClient({ baseUrl })
      .getChainConfig(1)
      .catch((e: unknown) => e)
    expect((error as GatewayHttpError).message).toBe('Forbidden')
    expect((error as GatewayHttpError).body).toBe('<h1>nope</h1>')
  })

  it('a 2xx body that is not JSON is a response error', async () => {
    const { baseUrl } = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html></html>')
    })
    await expect(createGatewayClient({ baseUrl }).getChainConfig(1)).rejects.toThrow(
      new GatewayResponseError('getChainConfig', '', 'the body is not JSON'),
    )
  })

  it('a timeout is a GatewayTimeoutError (GET: three attempts)', async () => {
    const { baseUrl, seen } = await serve(() => {
      /* never answers */
    })
    const started = Date.now()
    const error = await createGatewayClient({ baseUrl, timeoutMs: 150 })
      .getSafeInfo(1, SAFE)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayTimeoutError)
    expect((error as GatewayTimeoutError).code).toBe('GATEWAY_TIMEOUT')
    expect((error as GatewayTimeoutError).message).toBe(
      `The Safe Client Gateway did not answer within 150 ms (GET ${baseUrl}/v1/chains/1/safes/${SAFE})`,
    )
    expect(seen).toHaveLength(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150 + 2 * 100 - 20)
  })

  it('the default timeout is 10 000 ms', async () => {
    const { baseUrl } = await serve(() => {})
    const client = createGatewayClient({ baseUrl })
    const error = await client
      .proposeSafeMessage(1, SAFE, { message: 'x', signature: '0x' })
      .catch((e: unknown) => e)
    expect((error as GatewayTimeoutError).timeoutMs).toBe(10_000)
  }, 15_000)

  it('a network failure is a GatewayNetworkError (GET: three attempts)', async () => {
    const { baseUrl } = await serve(() => {})
    const server = servers.pop()
    server?.close()
    if (server) await once(server, 'close')
    let attempts = 0
    const counting: typeof fetch = (input, init) => {
      attempts += 1
      return fetch(input, init)
    }
    const error = await createGatewayClient({ baseUrl, fetch: counting })
      .getSafeInfo(1, SAFE)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayNetworkError)
    expect((error as GatewayNetworkError).code).toBe('GATEWAY_NETWORK_ERROR')
    expect((error as GatewayNetworkError).message).toMatch(
      new RegExp(
        `^The Safe Client Gateway could not be reached \\(GET ${baseUrl}/v1/chains/1/safes/${SAFE}\\): fetch failed$`,
      ),
    )
    expect(attempts).toBe(3)
  })
})

describe('gateway retries', () => {
  it('a GET is retried twice after 100 ms on 5xx and succeeds on the third attempt', async () => {
    const { baseUrl, seen } = await serve((_, res, index) =>
      index < 2 ? json(res, 503, { code: 503, message: 'busy' }) : json(res, 200, sample.nonces),
    )
    const nonces = await createGatewayClient({ baseUrl }).getNonces(1, SAFE)
    expect(nonces).toEqual(sample.nonces)
    expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET'])
    const [first, second, third] = seen.map((r) => r.at)
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(95)
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(95)
  })

  it('a GET gives up after three attempts with the last error', async () => {
    const { baseUrl, seen } = await serve((_, res, index) =>
      json(res, 500, { code: 500, message: `down ${index}` }),
    )
    await expect(createGatewayClient({ baseUrl }).getNonces(1, SAFE)).rejects.toThrow(/^500: down 2$/)
    expect(seen).toHaveLength(3)
  })

  it('a GET is not retried on 4xx', async () => {
    const { baseUrl, seen } = await serve((_, res) =>
      json(res, 404, { code: 404, message: 'Safe not found' }),
    )
    await expect(createGatewayClient({ baseUrl }).getSafeInfo(1, SAFE)).rejects.toThrow(
      /^404: Safe not found$/,
    )
    expect(seen).toHaveLength(1)
  })

  it('a POST is never retried (5xx)', async () => {
    const { baseUrl, seen } = await serve((_, res) => json(res, 503, { code: 503, message: 'busy' }))
    await expect(
      createGatewayClient({ baseUrl }).confirmSafeMessage(1, sample.MESSAGE_HASH, { signature: '0x' }),
    ).rejects.toThrow(/^503: busy$/)
    expect(seen.map((r) => r.method)).toEqual(['POST'])
  })

  it('a POST is never retried (timeout)', async () => {
    const { baseUrl, seen } = await serve(() => {})
    await expect(
      createGatewayClient({ baseUrl, timeoutMs: 100 }).getDecodedData(1, { data: '0x', to: SAFE }),
    ).rejects.toBeInstanceOf(GatewayTimeoutError)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(seen).toHaveLength(1)
  })

  it('a DELETE is never retried', async () => {
    const { baseUrl, seen } = await serve((_, res) => {
      res.writeHead(502)
      res.end()
    })
    await expect(createGatewayClient({ baseUrl }).unregisterDevice(1, 'u')).rejects.toThrow(/^Bad Gateway$/)
    expect(seen.map((r) => r.method)).toEqual(['DELETE'])
  })
})
