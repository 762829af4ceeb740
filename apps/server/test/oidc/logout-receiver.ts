import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'

// A relying party's back-channel logout endpoint, as a plain node:http server: it keeps every
// `logout_token` POSTed to it (by path, one path per client) and answers 200.

export const backchannelLogoutEvent = 'http://schemas.openid.net/event/backchannel-logout'

export type ReceivedLogout = { path: string; contentType: string; token: string; at: number }

export class LogoutReceiver {
  readonly received: ReceivedLogout[] = []
  #server: Server | undefined

  /** Listens on a free loopback port; returns its origin (`http://127.0.0.1:<port>`). */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => {
        body += chunk
      })
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '/',
          contentType: req.headers['content-type'] ?? '',
          token: new URLSearchParams(body).get('logout_token') ?? '',
          at: Date.now(),
        })
        res.writeHead(200).end()
      })
    })
    this.#server = server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  /** The tokens POSTed to `path` whose `sub` is `sub` (decoded, not verified: see verifyLogoutToken). */
  tokensFor(path: string, sub: string): ReceivedLogout[] {
    return this.received.filter((post) => post.path === path && payloadOf(post.token).sub === sub)
  }

  async stop(): Promise<void> {
    const server = this.#server
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function payloadOf(token: string): JWTPayload {
  const [, payload = ''] = token.split('.')
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JWTPayload
  } catch {
    return {}
  }
}

/**
 * Verifies a logout token as Back-Channel Logout 1.0 tells an application to: signature against the
 * provider's JWKS, `iss`, `aud`, `typ: logout+jwt`, a fresh `iat`, the back-channel logout event, `sub`
 * or `sid`, and no `nonce`. Throws on any of them; returns the payload.
 */
export async function verifyLogoutToken(
  token: string,
  expected: { jwksUrl: string; issuer: string; audience: string },
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(expected.jwksUrl)), {
    issuer: expected.issuer,
    audience: expected.audience,
    typ: 'logout+jwt',
    maxTokenAge: '2m',
  })
  if (JSON.stringify(payload.events) !== JSON.stringify({ [backchannelLogoutEvent]: {} }))
    throw new Error(`logout token events: ${JSON.stringify(payload.events)}`)
  if ('nonce' in payload) throw new Error('a logout token must not carry a nonce')
  if (payload.sub === undefined && payload.sid === undefined) throw new Error('neither sub nor sid')
  return payload
}
