import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRemoteJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose'
import * as client from 'openid-client'
import { getAddress } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LogoutDeliveryTiming } from '../src/backchannel-logout/logout-deliverer.ts'
import { enqueueAccountLogout, enqueueLogoutDeliveries } from '../src/backchannel-logout/logout-deliveries.ts'
import { backchannelLogoutEvent } from '../src/backchannel-logout/logout-token.ts'
import { createLogger } from '../src/config/logger.ts'
import { revokeAccount } from '../src/operator/account-revocation.ts'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import type { StoreDatabase } from '../src/store/database.ts'
import { browserGet, CookieJar, followToInteractionOrApp, signInThroughInteraction } from './oidc-browser.ts'

// Back-channel logout end to end over HTTP: openid-client signs users in, a small relying party (a
// node:http server) receives the logout tokens and verifies them against Signet's JWKS with jose.

const appCallback = 'http://localhost:9/callback'
const wikiSecret = 'wiki-secret-wiki-secret-wiki-secret-42'
const fast: Partial<LogoutDeliveryTiming> = {
  pollMs: 100,
  firstRetryMs: 100,
  maxRetryMs: 400,
  timeoutMs: 1_000,
  leaseMs: 5_000,
}

/** A relying party's back-channel logout endpoints: records each POST, answers 200 unless told otherwise. */
class RelyingParty {
  readonly received: { path: string; contentType: string; token: string; status: number }[] = []
  /** Statuses to answer the next POSTs to a path with (then 200). */
  readonly failNext = new Map<string, number[]>()
  delayMs = 0
  #server: Server | undefined

  async start(port = 0): Promise<string> {
    this.#server = createServer((req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => {
        body += chunk
      })
      req.on('end', () => {
        const path = req.url ?? '/'
        const status = this.failNext.get(path)?.shift() ?? 200
        setTimeout(() => {
          this.received.push({
            path,
            contentType: req.headers['content-type'] ?? '',
            token: new URLSearchParams(body).get('logout_token') ?? '',
            status,
          })
          res.writeHead(status).end()
        }, this.delayMs)
      })
    })
    const server = this.#server
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  delivered(path?: string) {
    return this.received.filter((post) => post.status === 200 && (path === undefined || post.path === path))
  }

  async stop(): Promise<void> {
    const server = this.#server
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function clientsFor(rp: string, deskUrl = 'http://127.0.0.1:9/desk') {
  return [
    {
      client_id: 'wiki',
      client_name: 'Team Wiki',
      redirect_uris: [appCallback],
      client_secret: wikiSecret,
      backchannel_logout_uri: `${rp}/wiki`,
      backchannel_logout_session_required: true,
    },
    {
      client_id: 'spa',
      client_name: 'Dashboard',
      redirect_uris: [appCallback],
      token_endpoint_auth_method: 'none',
      skip_consent: true,
      backchannel_logout_uri: `${rp}/spa`,
    },
    {
      client_id: 'desk',
      client_name: 'Help Desk',
      redirect_uris: [appCallback],
      token_endpoint_auth_method: 'none',
      skip_consent: true,
      backchannel_logout_uri: deskUrl,
    },
    // No back-channel logout: never sent anything.
    {
      client_id: 'plain',
      client_name: 'Plain App',
      redirect_uris: [appCallback],
      token_endpoint_auth_method: 'none',
      skip_consent: true,
    },
  ]
}

function startOn(
  databasePath: string,
  rp: string,
  options: { timing?: Partial<LogoutDeliveryTiming>; env?: Record<string, string>; logLines?: string[] } = {},
): Promise<RunningSignet> {
  const env = {
    PORT: '0',
    DATABASE_URL: databasePath,
    SIGNET_RPC_31337: 'http://127.0.0.1:9',
    SIGNET_RATE_LIMIT: 'off',
    SIGNET_OIDC_CLIENTS: JSON.stringify(clientsFor(rp, options.env?.DESK_URL)),
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    ...options.env,
  }
  const lines = options.logLines
  return startSignet({
    env,
    webDist: join(databasePath, '..', 'no-web-app'),
    logoutDelivery: options.timing ?? fast,
    ...(lines ? { log: createLogger(env, { write: (line: string) => void lines.push(line) }) } : {}),
  })
}

/** Signs `account` in to `clientId` in the browser `jar`; returns the tokens and the ID token's claims. */
async function signIn(signet: RunningSignet, jar: CookieJar, clientId: string, account: PrivateKeyAccount) {
  const config = await client.discovery(
    new URL(`${signet.url}/oidc`),
    clientId,
    clientId === 'wiki' ? wikiSecret : undefined,
    clientId === 'wiki' ? client.ClientSecretBasic(wikiSecret) : client.None(),
    { execute: [client.allowInsecureRequests] },
  )
  const verifier = client.randomPKCECodeVerifier()
  const nonce = client.randomNonce()
  const landed = await followToInteractionOrApp(
    jar,
    client.buildAuthorizationUrl(config, {
      redirect_uri: appCallback,
      scope: 'openid',
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).href,
    signet.url,
  )
  const callback = await signInThroughInteraction(jar, landed, account)
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
  })
  const claims = tokens.claims()
  if (!claims) throw new Error('no ID token')
  return { config, tokens, claims }
}

/** Verifies a logout token as an application must (Back-Channel Logout 1.0 validation). */
async function verifyLogoutToken(
  signet: RunningSignet,
  token: string,
  audience: string,
): Promise<JWTPayload> {
  const discovery = (await (await fetch(`${signet.url}/oidc/.well-known/openid-configuration`)).json()) as {
    jwks_uri: string
  }
  const { payload, protectedHeader } = await jwtVerify(
    token,
    createRemoteJWKSet(new URL(discovery.jwks_uri)),
    {
      issuer: `${signet.url}/oidc`,
      audience,
      typ: 'logout+jwt',
      maxTokenAge: '2m',
    },
  )
  expect(protectedHeader.kid).toEqual(expect.any(String))
  expect(payload.events).toEqual({ [backchannelLogoutEvent]: {} })
  expect(payload.nonce).toBeUndefined()
  expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/)
  expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(120)
  expect(payload.sub ?? payload.sid).toBeDefined()
  return payload
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function queueLength(db: StoreDatabase): Promise<number> {
  const row = await db
    .selectFrom('logout_deliveries')
    .select((select) => select.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

async function auditEvents(db: StoreDatabase, type: string) {
  const rows = await db
    .selectFrom('audit_events')
    .select(['account', 'client_id', 'details'])
    .where('type', '=', type)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    account: row.account,
    clientId: row.client_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }))
}

/** `signet_oidc_logout_deliveries_total{result}` as this Signet's registry holds it now. */
async function logoutDeliveries(
  signet: RunningSignet,
): Promise<Record<'delivered' | 'retried' | 'failed', number>> {
  const counter = signet.metrics?.registry.getSingleMetric('signet_oidc_logout_deliveries_total')
  if (!counter) throw new Error('no signet_oidc_logout_deliveries_total in the registry')
  const { values } = await counter.get()
  const of = (result: string) => values.find((value) => value.labels.result === result)?.value ?? 0
  return { delivered: of('delivered'), retried: of('retried'), failed: of('failed') }
}

const subOf = (account: PrivateKeyAccount) => `eip155:31337:${getAddress(account.address)}`
const newAccount = () => privateKeyToAccount(generatePrivateKey())

describe('OpenID Connect Back-Channel Logout', () => {
  const rp = new RelyingParty()
  const desk = new RelyingParty()
  let rpUrl: string
  let deskPort: number
  let signet: RunningSignet
  let dataDir: string

  beforeAll(async () => {
    rpUrl = await rp.start()
    // The help desk's endpoint is down (its port closed) until a test brings it up.
    const probe = new RelyingParty()
    deskPort = Number(new URL(await probe.start()).port)
    await probe.stop()
    dataDir = mkdtempSync(join(tmpdir(), 'signet-backchannel-'))
    signet = await startOn(join(dataDir, 'signet.sqlite'), rpUrl, {
      env: { DESK_URL: `http://127.0.0.1:${deskPort}/desk` },
    })
  })
  afterAll(async () => {
    await signet?.stop()
    await rp.stop()
    await desk.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    // Every test starts with an empty queue and nothing received.
    await waitFor(async () => (await queueLength(signet.db)) === 0, 'an empty queue')
    rp.received.length = 0
    rp.failNext.clear()
    await signet.db.deleteFrom('audit_events').execute()
  })

  it('advertises back-channel logout in discovery', async () => {
    const discovery = (await (
      await fetch(`${signet.url}/oidc/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery.backchannel_logout_supported).toBe(true)
    expect(discovery.backchannel_logout_session_supported).toBe(true)
  })

  it('signing out of Signet sends a logout token to each application of that browser, and to no other session', async () => {
    const alice = newAccount()
    const browser = new CookieJar()
    const wiki = await signIn(signet, browser, 'wiki', alice)
    const spa = await signIn(signet, browser, 'spa', alice)
    await signIn(signet, browser, 'plain', alice)
    // The same account in another browser keeps its sessions.
    const otherBrowser = new CookieJar()
    const otherWiki = await signIn(signet, otherBrowser, 'wiki', alice)
    // sid in the ID token only for the application that asked for it (backchannel_logout_session_required).
    expect(wiki.claims.sid).toEqual(expect.any(String))
    expect(spa.claims.sid).toBeUndefined()
    expect(browser.has('_session')).toBe(true)

    const logout = await fetch(`${signet.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: browser.header(), origin: signet.url },
    })
    expect(logout.status).toBe(204)
    browser.store(logout)
    expect(browser.has('_session')).toBe(false)
    expect(browser.has('signet_session')).toBe(false)

    await waitFor(() => rp.delivered().length >= 2, 'two logout tokens')
    await pause(400)
    expect(rp.received.map((post) => post.path).sort()).toEqual(['/spa', '/wiki'])
    for (const post of rp.received) expect(post.contentType).toBe('application/x-www-form-urlencoded')
    const wikiToken = await verifyLogoutToken(signet, rp.delivered('/wiki')[0]?.token ?? '', 'wiki')
    expect(wikiToken).toMatchObject({ sub: subOf(alice), sid: wiki.claims.sid })
    const spaToken = await verifyLogoutToken(signet, rp.delivered('/spa')[0]?.token ?? '', 'spa')
    expect(spaToken.sub).toBe(subOf(alice))
    expect(spaToken.sid).toBeUndefined()

    // This browser's grants are revoked; the other browser's session and tokens live on.
    await expect(
      client.fetchUserInfo(wiki.config, wiki.tokens.access_token, subOf(alice)),
    ).rejects.toMatchObject({
      status: 401,
    })
    expect(
      (await client.fetchUserInfo(otherWiki.config, otherWiki.tokens.access_token, subOf(alice))).sub,
    ).toBe(subOf(alice))
    expect(await queueLength(signet.db)).toBe(0)
    const delivered = await auditEvents(signet.db, 'oidc.logout_delivered')
    expect(delivered.map((event) => event.clientId).sort()).toEqual(['spa', 'wiki'])
    expect(delivered[0]).toMatchObject({
      account: subOf(alice),
      details: { reason: 'signet_logout', attempts: 1 },
    })
  })

  it('an application that starts the logout (end_session with id_token_hint) gets its token through the queue, once', async () => {
    const bob = newAccount()
    const browser = new CookieJar()
    const wiki = await signIn(signet, browser, 'wiki', bob)
    const idToken = wiki.tokens.id_token ?? ''
    const page = await browserGet(
      browser,
      client.buildEndSessionUrl(wiki.config, { id_token_hint: idToken }).href,
    )
    expect(page.status).toBe(200)
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1]
    expect(xsrf).toEqual(expect.any(String))
    const confirm = await fetch(`${signet.url}/oidc/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: browser.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }),
    })
    expect(confirm.status).toBe(303)

    await waitFor(() => rp.delivered().length >= 1, 'a logout token')
    await pause(400)
    // One POST: the provider did not send one of its own beside the queue's.
    expect(rp.received.map((post) => post.path)).toEqual(['/wiki'])
    const token = await verifyLogoutToken(signet, rp.received[0]?.token ?? '', 'wiki')
    expect(token).toMatchObject({ sub: subOf(bob), sid: wiki.claims.sid })
    expect(token.sid).toBe(decodeJwt(idToken).sid)
    expect(await auditEvents(signet.db, 'oidc.logout_delivered')).toMatchObject([
      { account: subOf(bob), clientId: 'wiki', details: { reason: 'application_logout', attempts: 1 } },
    ])
  })

  it("an operator's revocation (enqueueAccountLogout, then revokeAccount) reaches every application of the account", async () => {
    const carol = newAccount()
    const first = new CookieJar()
    const second = new CookieJar()
    const wiki1 = await signIn(signet, first, 'wiki', carol)
    const wiki2 = await signIn(signet, second, 'wiki', carol)
    await signIn(signet, second, 'spa', carol)
    await signIn(signet, second, 'plain', carol)
    // Another account is left alone.
    await signIn(signet, new CookieJar(), 'wiki', newAccount())

    expect(
      await enqueueAccountLogout(signet.db, { accountId: subOf(carol), reason: 'account_revoked' }),
    ).toBe(4)
    await revokeAccount(signet.db, { address: getAddress(carol.address), chainId: 31337 })

    await waitFor(() => rp.delivered().length >= 3, 'three logout tokens')
    await pause(400)
    expect(rp.received.map((post) => post.path).sort()).toEqual(['/spa', '/wiki', '/wiki'])
    const wikiTokens = await Promise.all(
      rp.delivered('/wiki').map((post) => verifyLogoutToken(signet, post.token, 'wiki')),
    )
    expect(wikiTokens.map((token) => token.sid).sort()).toEqual([wiki1.claims.sid, wiki2.claims.sid].sort())
    for (const token of wikiTokens) expect(token.sub).toBe(subOf(carol))
    const spaToken = await verifyLogoutToken(signet, rp.delivered('/spa')[0]?.token ?? '', 'spa')
    expect(spaToken).toMatchObject({ sub: subOf(carol) })
    // The row for `plain` (no backchannel_logout_uri) was dropped, not sent and not failed.
    expect(await queueLength(signet.db)).toBe(0)
    expect(await auditEvents(signet.db, 'oidc.logout_failed')).toEqual([])
  })

  it('retries an application that answers 503 until it takes the token', async () => {
    const countedBefore = await logoutDeliveries(signet)
    rp.failNext.set('/wiki', [503, 503])
    const sub = subOf(newAccount())
    await enqueueLogoutDeliveries(signet.db, [
      { clientId: 'wiki', sub, sid: 'sid-503', reason: 'account_revoked' },
    ])
    await waitFor(() => rp.delivered('/wiki').length === 1, 'the third attempt')
    expect(rp.received.map((post) => post.status)).toEqual([503, 503, 200])
    const tokens = await Promise.all(rp.received.map((post) => verifyLogoutToken(signet, post.token, 'wiki')))
    // Each attempt is a new token (its own jti), for the same session.
    expect(new Set(tokens.map((token) => token.jti)).size).toBe(3)
    for (const token of tokens) expect(token).toMatchObject({ sub, sid: 'sid-503' })
    await waitFor(
      async () => (await auditEvents(signet.db, 'oidc.logout_delivered')).length === 1,
      'the audit event',
    )
    expect(await auditEvents(signet.db, 'oidc.logout_delivered')).toMatchObject([
      { account: sub, clientId: 'wiki', details: { reason: 'account_revoked', attempts: 3 } },
    ])
    // Two failed attempts tried again, one delivery, nothing given up.
    const counted = await logoutDeliveries(signet)
    expect({
      delivered: counted.delivered - countedBefore.delivered,
      retried: counted.retried - countedBefore.retried,
      failed: counted.failed - countedBefore.failed,
    }).toEqual({ delivered: 1, retried: 2, failed: 0 })
  })

  it('keeps the token for an application whose port is closed, and delivers it once it is back', async () => {
    const sub = subOf(newAccount())
    await enqueueLogoutDeliveries(signet.db, [{ clientId: 'desk', sub, reason: 'safe_owners_changed' }])
    await waitFor(async () => {
      const row = await signet.db
        .selectFrom('logout_deliveries')
        .select(['attempts', 'last_error'])
        .executeTakeFirst()
      return (row?.attempts ?? 0) >= 2 && row?.last_error === 'ECONNREFUSED'
    }, 'two refused attempts')
    await desk.start(deskPort)
    await waitFor(() => desk.delivered().length === 1, 'the token at the help desk')
    const token = await verifyLogoutToken(signet, desk.received[0]?.token ?? '', 'desk')
    expect(token).toMatchObject({ sub })
    expect(token.sid).toBeUndefined()
    await waitFor(async () => (await queueLength(signet.db)) === 0, 'an empty queue')
  })
})

describe('Back-channel logout giving up', () => {
  const rp = new RelyingParty()
  let signet: RunningSignet
  let dataDir: string
  const logLines: string[] = []

  beforeAll(async () => {
    const rpUrl = await rp.start()
    dataDir = mkdtempSync(join(tmpdir(), 'signet-backchannel-give-up-'))
    signet = await startOn(join(dataDir, 'signet.sqlite'), rpUrl, {
      env: { SIGNET_OIDC_LOGOUT_RETRY_FOR: '1s' },
      logLines,
    })
  })
  afterAll(async () => {
    await signet?.stop()
    await rp.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('gives up after SIGNET_OIDC_LOGOUT_RETRY_FOR, with a warning line and an oidc.logout_failed event', async () => {
    rp.failNext.set(
      '/wiki',
      Array.from({ length: 100 }, () => 503),
    )
    const sub = subOf(newAccount())
    const started = Date.now()
    await enqueueLogoutDeliveries(signet.db, [
      { clientId: 'wiki', sub, sid: 'sid-gone', reason: 'account_revoked' },
    ])
    await waitFor(async () => (await queueLength(signet.db)) === 0, 'the row given up', 5_000)
    // Back-off 100 ms doubling, at most 400 ms between attempts, the last one at the 1 s bound.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
    const attempts = rp.received.length
    expect(attempts).toBeGreaterThanOrEqual(3)
    expect(attempts).toBeLessThanOrEqual(6)
    expect(rp.delivered()).toEqual([])
    await pause(300)
    expect(rp.received.length).toBe(attempts)
    const warning = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'logout token given up: the application never took it')
    expect(warning).toMatchObject({
      level: 40,
      clientId: 'wiki',
      sub,
      reason: 'account_revoked',
      attempts,
      error: 'HTTP 503',
    })
    await waitFor(
      async () => (await auditEvents(signet.db, 'oidc.logout_failed')).length === 1,
      'the audit event',
    )
    expect(await auditEvents(signet.db, 'oidc.logout_failed')).toEqual([
      {
        account: sub,
        clientId: 'wiki',
        details: { reason: 'account_revoked', attempts, error: 'HTTP 503' },
      },
    ])
    // Every attempt but the last was tried again; the last one gave up.
    expect(await logoutDeliveries(signet)).toEqual({ delivered: 0, retried: attempts - 1, failed: 1 })
    const scraped = await signet.metrics?.registry.metrics()
    expect(scraped).toContain('signet_oidc_logout_deliveries_total{result="failed"} 1')
  })
})

describe('Back-channel logout across restarts and processes', () => {
  const rp = new RelyingParty()
  let rpUrl: string
  let dataDir: string
  let databasePath: string
  const running: RunningSignet[] = []

  beforeAll(async () => {
    rpUrl = await rp.start()
    dataDir = mkdtempSync(join(tmpdir(), 'signet-backchannel-processes-'))
    databasePath = join(dataDir, 'signet.sqlite')
  })
  afterAll(async () => {
    for (const signet of running) await signet.stop()
    await rp.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    rp.received.length = 0
  })

  it('delivers once, after a restart, what was queued before the stop', async () => {
    // A process that looks at the queue only at start: what is queued later waits for the next process.
    const before = await startOn(databasePath, rpUrl, { timing: { ...fast, pollMs: 3_600_000 } })
    const erin = newAccount()
    const wiki = await signIn(before, new CookieJar(), 'wiki', erin)
    expect(await enqueueAccountLogout(before.db, { accountId: subOf(erin), reason: 'account_revoked' })).toBe(
      1,
    )
    await before.stop()
    expect(rp.received).toEqual([])

    const after = await startOn(databasePath, rpUrl)
    await waitFor(() => rp.received.length === 1, 'the token after the restart')
    await pause(500)
    expect(rp.received.length).toBe(1)
    const token = await verifyLogoutToken(after, rp.received[0]?.token ?? '', 'wiki')
    expect(token).toMatchObject({ sub: subOf(erin), sid: wiki.claims.sid })
    expect(await queueLength(after.db)).toBe(0)
    await after.stop()
  })

  it('two processes on one database send each row exactly once', async () => {
    const linesA: string[] = []
    const linesB: string[] = []
    const timing = { ...fast, pollMs: 50, batchSize: 4 }
    const a = await startOn(databasePath, rpUrl, { timing, logLines: linesA })
    running.push(a)
    const b = await startOn(databasePath, rpUrl, { timing, logLines: linesB })
    running.push(b)
    rp.delayMs = 30
    const requests = Array.from({ length: 40 }, (_, index) => ({
      clientId: index % 2 ? 'wiki' : 'spa',
      sub: `eip155:31337:${getAddress(`0x${(index + 1).toString(16).padStart(40, '0')}`)}`,
      sid: `sid-${index}`,
      reason: 'account_revoked' as const,
    }))
    expect(await enqueueLogoutDeliveries(a.db, requests)).toBe(40)
    await waitFor(() => rp.received.length >= 40, '40 logout tokens', 15_000)
    await pause(500)
    expect(rp.received.length).toBe(40)
    const payloads = rp.received.map((post) => decodeJwt(post.token))
    expect(new Set(payloads.map((payload) => `${payload.aud} ${payload.sub}`)).size).toBe(40)
    // Both processes took a share.
    const deliveredBy = (lines: string[]) =>
      lines.filter((line) => (JSON.parse(line) as { msg: string }).msg === 'logout token delivered').length
    expect(deliveredBy(linesA) + deliveredBy(linesB)).toBe(40)
    expect(deliveredBy(linesA)).toBeGreaterThan(0)
    expect(deliveredBy(linesB)).toBeGreaterThan(0)
    expect(await queueLength(a.db)).toBe(0)
  })
})
