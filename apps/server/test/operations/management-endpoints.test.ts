import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import * as client from 'openid-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSignet, startSignet } from '../../src/serve.ts'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from '../oidc-browser.ts'
import { freshSignInMessage, postVerify, signInMessage } from '../sign-in-client.ts'
import { parsePrometheusText, sampleValue, seriesOf } from './prometheus-text.ts'

// The management listener of one in-process Signet: /livez, /readyz and /metrics after known traffic
// (sign-ins that succeed and that are refused, a real chain's RPC, an OpenID Connect token, rate limits).

const appCallback = 'http://localhost:9/callback'
const clients = [
  {
    client_id: 'spa',
    client_name: 'Dashboard',
    redirect_uris: [appCallback],
    token_endpoint_auth_method: 'none',
    skip_consent: true,
  },
]

let anvil: Anvil
let dataDir: string
const running: RunningSignet[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  dataDir = mkdtempSync(join(tmpdir(), 'signet-management-'))
}, 60_000)

afterAll(async () => {
  await Promise.all(running.map((signet) => signet.stop()))
  await anvil?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(name: string, env: Record<string, string> = {}) {
  const signet = await startSignet({
    env: {
      PORT: '0',
      DATABASE_URL: join(dataDir, `${name}.sqlite`),
      SIGNET_RPC_31337: anvil.rpcUrl,
      SIGNET_RATE_LIMIT: 'off',
      SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
      LOG_LEVEL: 'silent',
      ...env,
    },
    webDist: join(dataDir, 'no-web-app'),
  })
  running.push(signet)
  return signet
}

async function get(url: string) {
  const response = await fetch(url)
  const text = await response.text()
  return { status: response.status, type: response.headers.get('content-type'), text }
}

async function metricsOf(signet: RunningSignet) {
  const answer = await get(`${signet.managementUrl}/metrics`)
  expect(answer.status).toBe(200)
  expect(answer.type).toBe('text/plain; version=0.0.4; charset=utf-8')
  return parsePrometheusText(answer.text)
}

describe('the management listener', () => {
  let signet: RunningSignet

  beforeAll(async () => {
    signet = await start('main')
  })

  it('listens on its own port (PORT=0: any free one) and answers /livez', async () => {
    expect(signet.managementUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(signet.managementUrl).not.toBe(signet.listenUrl)
    const livez = await get(`${signet.managementUrl}/livez`)
    expect(livez).toEqual({ status: 200, type: 'application/json', text: '{"status":"ok"}' })
    // The probes are not on the public port.
    expect((await get(`${signet.listenUrl}/livez`)).status).not.toBe(200)
  })

  it('answers /readyz 200 naming each check, with the chains reported', async () => {
    const readyz = await get(`${signet.managementUrl}/readyz`)
    expect(readyz.status).toBe(200)
    const body = JSON.parse(readyz.text)
    expect(body.status).toBe('ready')
    expect(body.checks).toEqual({ database: 'ok', migrations: 'ok', oidc_keys: 'ok', serving: 'ok' })
    expect(body.chains['31337']).toEqual({ lastSuccess: null, lastFailure: null, lastError: null })
  })

  it('refuses other paths and methods', async () => {
    expect((await get(`${signet.managementUrl}/health`)).status).toBe(404)
    const post = await fetch(`${signet.managementUrl}/readyz`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('counts sign-ins, RPC requests, OpenID Connect tokens and live sessions with exact values', async () => {
    // The messages are for this server's own origin (PORT=0: http://localhost:<port>).
    const signIn = async (account = privateKeyToAccount(generatePrivateKey())) => {
      const message = await freshSignInMessage(signet.url, account.address, signet.url)
      return postVerify(signet.url, message, await account.signMessage({ message }))
    }
    expect((await signIn()).status).toBe(200)
    expect((await signIn()).status).toBe(200)
    // Signed by another key: not the account's signature, and the chain says it is no contract's either.
    const claimed = privateKeyToAccount(generatePrivateKey())
    const message = await freshSignInMessage(signet.url, claimed.address, signet.url)
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    const refused = await postVerify(signet.url, message, forged)
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ error: { code: 'invalid_signature' } })
    // A nonce this server never issued.
    const unknownNonce = signInMessage(claimed.address, 'a1b2c3d4e5f6a7b8c9d0', signet.url)
    const stale = await postVerify(
      signet.url,
      unknownNonce,
      await claimed.signMessage({ message: unknownNonce }),
    )
    expect(stale.body).toMatchObject({ error: { code: 'invalid_nonce' } })

    // One authorization code flow: a third sign-in (through the provider's page) and one token answer.
    const config = await client.discovery(new URL(`${signet.url}/oidc`), 'spa', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    })
    const verifier = client.randomPKCECodeVerifier()
    const jar = new CookieJar()
    const landed = await followToInteractionOrApp(
      jar,
      client.buildAuthorizationUrl(config, {
        redirect_uri: appCallback,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }).href,
      signet.url,
    )
    const callback = await signInThroughInteraction(jar, landed, privateKeyToAccount(generatePrivateKey()))
    await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })

    const samples = await metricsOf(signet)
    expect(seriesOf(samples, 'signet_sign_ins_total')).toEqual([
      '{"result":"refused","account_type":"unknown","code":"invalid_nonce"} 1',
      '{"result":"refused","account_type":"unknown","code":"invalid_signature"} 1',
      '{"result":"success","account_type":"eoa"} 3',
    ])
    expect(sampleValue(samples, 'signet_sign_in_duration_seconds_count', { account_type: 'eoa' })).toBe(3)
    expect(sampleValue(samples, 'signet_sign_in_duration_seconds_count', { account_type: 'unknown' })).toBe(2)
    // The forged signature's two ERC-1271 calls (current and legacy interface), answered by anvil.
    expect(seriesOf(samples, 'signet_rpc_requests_total')).toEqual([
      '{"chain_id":"31337","result":"success"} 2',
    ])
    expect(seriesOf(samples, 'signet_oidc_tokens_issued_total')).toEqual([
      '{"client_id":"spa","grant_type":"authorization_code"} 1',
    ])
    expect(sampleValue(samples, 'signet_sessions_active')).toBe(3)
    expect(seriesOf(samples, 'signet_rate_limited_total')).toEqual([])
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)

    // The chain's last answer is in the readiness report (never a reason to be unready).
    const chain = JSON.parse((await get(`${signet.managementUrl}/readyz`)).text).chains['31337']
    expect(Date.parse(chain.lastSuccess)).toBeGreaterThan(Date.now() - 60_000)
    expect(chain.lastFailure).toBeNull()
  })
})

describe('rate limits in the metrics', () => {
  it('counts each 429 by limit, the OpenID Connect ones included', async () => {
    const signet = await start('limited', {
      SIGNET_RATE_LIMIT: 'on',
      SIGNET_RATE_LIMIT_NONCE: '1',
      SIGNET_RATE_LIMIT_VERIFY: '1',
    })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${signet.url}/api/auth/nonce`)).status)
    expect(statuses).toEqual([200, 429, 429])
    const token = async () =>
      (await fetch(`${signet.url}/oidc/token`, { method: 'POST', body: new URLSearchParams() })).status
    expect(await token()).toBe(400)
    expect(await token()).toBe(429)
    expect(seriesOf(await metricsOf(signet), 'signet_rate_limited_total')).toEqual([
      '{"route":"nonce"} 2',
      '{"route":"oidc-token"} 1',
    ])
  })
})

describe('readiness when the process cannot serve', () => {
  it('is 503 naming the database when it is closed, while /livez stays 200', async () => {
    const signet = await start('closed-database', { SIGNET_METRICS: 'off' })
    await signet.db.destroy()
    const readyz = await get(`${signet.managementUrl}/readyz`)
    expect(readyz.status).toBe(503)
    expect(JSON.parse(readyz.text)).toMatchObject({
      status: 'unready',
      checks: { database: 'down', migrations: 'unknown', oidc_keys: 'ok', serving: 'ok' },
    })
    expect((await get(`${signet.managementUrl}/livez`)).status).toBe(200)
    // SIGNET_METRICS=off: no registry, no /metrics.
    expect(signet.metrics).toBeUndefined()
    expect(await get(`${signet.managementUrl}/metrics`)).toMatchObject({
      status: 404,
      text: '{"status":"error","message":"Metrics are off (SIGNET_METRICS=off)."}',
    })
  })

  it('is 503 serving "draining" from the moment the drain starts', async () => {
    const signet = await start('draining')
    expect((await get(`${signet.managementUrl}/readyz`)).status).toBe(200)
    await signet.drain()
    const readyz = await get(`${signet.managementUrl}/readyz`)
    expect(readyz.status).toBe(503)
    expect(JSON.parse(readyz.text).checks).toEqual({
      database: 'ok',
      migrations: 'ok',
      oidc_keys: 'ok',
      serving: 'draining',
    })
    // The public listener is closed.
    await expect(fetch(`${signet.url}/api/health`)).rejects.toThrow()
  })

  it('has no management listener with SIGNET_MANAGEMENT_PORT=off', async () => {
    const signet = await start('no-management', { SIGNET_MANAGEMENT_PORT: 'off' })
    expect(signet.managementUrl).toBeUndefined()
    expect((await signet.readiness()).status).toBe('ready')
  })
})
