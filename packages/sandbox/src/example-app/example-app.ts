import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'

/**
 * A small example application for demo mode: a relying party on `openid-client` that signs its visitors
 * in through Signet (OpenID Connect, authorization code with PKCE) and shows the ID token's claims, so a
 * newcomer sees the whole round trip. Its own port; state lives in memory (a demo, one process).
 */
export type ExampleApplication = {
  url: string
  /** The client Signet must register (SIGNET_OIDC_CLIENTS), with the redirect URIs of this port. */
  client: {
    client_id: string
    client_name: string
    redirect_uris: string[]
    post_logout_redirect_uris: string[]
    token_endpoint_auth_method: 'none'
    skip_consent: false
    grant_types: ['authorization_code']
  }
  stop(): Promise<void>
}

export type ExampleApplicationOptions = {
  /** Signet's issuer, `${origin}/oidc`; read at the first sign-in (Signet may start after this app). */
  issuer: () => string
  host?: string
  port?: number
}

const clientId = 'example-app'
const maxPendingSignIns = 1_000

/**
 * Starts the example application.
 *
 * @example const app = await startExampleApplication({ issuer: () => `${signet.url}/oidc` })
 */
export async function startExampleApplication(
  options: ExampleApplicationOptions,
): Promise<ExampleApplication> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const url = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`
  const callback = `${url}/callback`
  let configuration: Promise<client.Configuration> | undefined
  const discover = () => {
    configuration ??= client
      .discovery(new URL(options.issuer()), clientId, undefined, client.None(), {
        execute: [client.allowInsecureRequests],
      })
      .catch((error: unknown) => {
        configuration = undefined
        throw error
      })
    return configuration
  }
  // state → the PKCE verifier and nonce of a sign-in that went to Signet (bounded: a demo never grows).
  const pending = new Map<string, { verifier: string; nonce: string }>()
  let signedIn: { claims: Record<string, unknown>; idToken: string } | undefined

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response).catch((error: unknown) => {
      page(response, 500, '<h1>Sign-in failed</h1>', `<p>${escapeHtml(String((error as Error).message))}</p>`)
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const requestUrl = new URL(request.url ?? '/', url)
    if (requestUrl.pathname === '/login') {
      const config = await discover()
      const verifier = client.randomPKCECodeVerifier()
      const nonce = client.randomNonce()
      const state = client.randomState()
      if (pending.size >= maxPendingSignIns) pending.clear()
      pending.set(state, { verifier, nonce })
      const authorization = client.buildAuthorizationUrl(config, {
        redirect_uri: callback,
        scope: 'openid profile eth safe',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      response.writeHead(303, { location: authorization.href }).end()
      return
    }
    if (requestUrl.pathname === '/callback') {
      const config = await discover()
      const state = requestUrl.searchParams.get('state') ?? ''
      const started = pending.get(state)
      pending.delete(state)
      if (!started) throw new Error('This sign-in was not started here, or was already finished.')
      const tokens = await client.authorizationCodeGrant(config, requestUrl, {
        pkceCodeVerifier: started.verifier,
        expectedNonce: started.nonce,
        expectedState: state,
        idTokenExpected: true,
      })
      signedIn = { claims: { ...tokens.claims() }, idToken: tokens.id_token ?? '' }
      response.writeHead(303, { location: '/' }).end()
      return
    }
    if (requestUrl.pathname === '/logout') {
      const config = await discover()
      const idToken = signedIn?.idToken
      signedIn = undefined
      const end = client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: `${url}/`,
        ...(idToken ? { id_token_hint: idToken } : {}),
      })
      response.writeHead(303, { location: end.href }).end()
      return
    }
    if (requestUrl.pathname !== '/') {
      page(response, 404, '<h1>Not found</h1>', '')
      return
    }
    if (!signedIn) {
      page(
        response,
        200,
        '<h1>Example application</h1>',
        `<p>This application has no passwords: it asks Signet who you are.</p>
<p><a class="button" href="/login">Sign in with Ethereum</a></p>`,
      )
      return
    }
    page(
      response,
      200,
      '<h1>Example application</h1>',
      `<p>Signed in as <code data-testid="example-sub">${escapeHtml(String(signedIn.claims.sub))}</code>.</p>
<h2>Claims of the verified ID token</h2>
<pre data-testid="example-claims">${escapeHtml(JSON.stringify(signedIn.claims, null, 2))}</pre>
<p><a class="button" href="/logout">Sign out</a></p>`,
    )
  }

  return {
    url,
    client: {
      client_id: clientId,
      client_name: 'Example application',
      redirect_uris: [callback],
      post_logout_redirect_uris: [`${url}/`],
      token_endpoint_auth_method: 'none',
      skip_consent: false,
      grant_types: ['authorization_code'],
    },
    stop: () => closeServer(server),
  }
}

function page(response: ServerResponse, status: number, heading: string, body: string) {
  const nonce = randomBytes(16).toString('base64')
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'`,
  })
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example application</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}pre{background:#f3f4f6;padding:1rem;overflow:auto}.button{display:inline-block;background:#0e76fd;color:#fff;padding:.5rem 1rem;border-radius:.5rem;text-decoration:none}</style>
</head><body>${heading}${body}</body></html>`)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
