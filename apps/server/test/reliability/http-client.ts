import { Agent, request } from 'node:http'

export type HttpAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

// node:http with keep-alive costs the load generator far less CPU per request than fetch (undici), and
// the generator shares the machine's cores with the servers it measures.
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })

/**
 * One HTTP/1.1 request over a shared keep-alive pool. Rejects on a network failure (refused, reset),
 * which the caller tells apart from an HTTP answer.
 *
 * @example const { status, body } = await httpRequest(`${url}/api/auth/nonce`)
 */
export async function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  try {
    return await sendOnce(url, options)
  } catch (error) {
    // A keep-alive socket the server closed as we sent on it: a GET is safe to send again (RFC 9110
    // §9.2.2), as browsers do. A reset on a fresh connection, or of a POST, is reported.
    if ((options.method ?? 'GET') === 'GET' && (error as StaleSocketError).reusedSocket)
      return sendOnce(url, options)
    throw error
  }
}

type StaleSocketError = Error & { reusedSocket?: boolean }

function sendOnce(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    outgoing.on('error', (error: StaleSocketError) => {
      if ((error as { code?: string }).code === 'ECONNRESET') error.reusedSocket = outgoing.reusedSocket
      reject(error)
    })
    outgoing.end(options.body)
  })
}

/**
 * Closes the pool's idle keep-alive sockets. A load phase that follows a pause (signing, another
 * server's phase) then starts on fresh connections instead of racing the server's keep-alive timeout,
 * which would reset a POST sent on a socket the server is closing.
 */
export function closeIdleConnections(): void {
  for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy()
}

/** POST a JSON body. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
}

/** `name=value` of the session cookie a sign-in answer set, or undefined. */
export function sessionCookieOf(answer: HttpAnswer): string | undefined {
  const setCookie = answer.headers['set-cookie']
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie
  return first?.split(';')[0]
}
