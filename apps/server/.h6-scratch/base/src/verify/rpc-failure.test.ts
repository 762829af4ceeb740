import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClient } from '../chain/chain-client.ts'
import { isRpcUnavailable } from './rpc-failure.ts'

/**
 * A JSON-RPC endpoint that answers every request with the reply chosen by the URL path, so that each way
 * a node can fail is produced over real HTTP.
 */
let server: Server
let base: string
const replies: Record<string, { status: number; error?: { code: number; message: string } } | 'hang'> = {
  '/revert': { status: 200, error: { code: 3, message: 'execution reverted: GS026' } },
  '/generic-revert': { status: 200, error: { code: -32000, message: 'execution reverted' } },
  '/evm-error': { status: 200, error: { code: -32603, message: 'EVM error InvalidFEOpcode' } },
  '/internal': { status: 200, error: { code: -32603, message: 'Internal error' } },
  '/limit': { status: 200, error: { code: -32005, message: 'limit exceeded' } },
  '/rate-limited-200': { status: 200, error: { code: 429, message: 'Too many requests' } },
  '/no-method': { status: 200, error: { code: -32601, message: 'the method eth_call does not exist' } },
  '/http-503': { status: 503 },
  '/hang': 'hang',
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const reply = replies[req.url ?? '']
    if (reply === 'hang' || reply === undefined) return
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    const answer = (item: { id: number }) => ({ jsonrpc: '2.0', id: item.id, error: reply.error })
    res.writeHead(reply.status, { 'content-type': 'application/json' })
    res.end(
      reply.status === 200
        ? JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body))
        : 'unavailable',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function failureOf(path: string): Promise<unknown> {
  const client = createChainClient({ chainId: 1, rpcUrls: [`${base}${path}`] })
  return client
    .request({
      method: 'eth_call',
      params: [{ to: '0x0000000000000000000000000000000000000001', data: '0x' }, 'latest'],
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    )
}

describe('isRpcUnavailable', () => {
  it('says "the call failed" (false) when the node answered with a revert or an EVM error', async () => {
    for (const path of ['/revert', '/generic-revert', '/evm-error']) {
      const error = await failureOf(path)
      expect(error, path).toBeDefined()
      expect(isRpcUnavailable(error), path).toBe(false)
    }
  })

  it('says "unavailable" (true) for HTTP errors, rate limits, missing methods and internal errors', async () => {
    for (const path of ['/http-503', '/limit', '/rate-limited-200', '/no-method', '/internal']) {
      const error = await failureOf(path)
      expect(error, path).toBeDefined()
      expect(isRpcUnavailable(error), path).toBe(true)
    }
  })

  it('says "unavailable" for a timeout and for errors that are not viem errors', async () => {
    const client = createPublicClient({ transport: http(`${base}/hang`, { timeout: 100, retryCount: 0 }) })
    const error = await client.getChainId().catch((e: unknown) => e)
    expect((error as Error).name).toBe('TimeoutError')
    expect(isRpcUnavailable(error)).toBe(true)
    expect(isRpcUnavailable(new TypeError('fetch failed'))).toBe(true)
  })
})
