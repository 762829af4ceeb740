import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as client from 'openid-client'
import { getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import {
  browserGet,
  browserPost,
  browserPostForm,
  CookieJar,
  hiddenInputs,
  type InteractionDetails,
  interactionSignInMessage,
  signInThroughInteraction,
} from './oidc-browser.ts'

// The device authorization grant (RFC 8628) over HTTP: openid-client is the device (a command-line tool)
// initiating and polling; "the browser" — fetch with a cookie jar — types the code on Signet's page,
// confirms, signs the SIWE message with a wallet key on Signet's sign-in interaction and consents.

const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code'
const tvSecret = 'tv-secret-tv-secret-tv-secret-tv-secret-42'
const clients = [
  {
    client_id: 'cli',
    client_name: 'Signet CLI',
    token_endpoint_auth_method: 'none',
    grant_types: [deviceGrant],
  },
  {
    client_id: 'tv',
    client_name: 'Lobby TV',
    client_secret: tvSecret,
    grant_types: [deviceGrant, 'refresh_token'],
    skip_consent: true,
  },
  {
    client_id: 'wiki',
    client_name: 'Team Wiki',
    redirect_uris: ['http://localhost:9/callback'],
    client_secret: tvSecret,
  },
]

const userCodePattern = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/

/** The text of the page's `role="alert"` paragraph (its character references decoded). */
const alertOf = (html: string) =>
  /<p class="error" role="alert"[^>]*>([^<]*)<\/p>/
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_reference, code: string) => String.fromCharCode(Number(code)))

describe('device sign-in (RFC 8628) through Signet', () => {
  let signet: RunningSignet
  let dataDir: string
  const account = privateKeyToAccount(generatePrivateKey())
  const sub = `eip155:31337:${getAddress(account.address)}`

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-oidc-device-'))
    signet = await startSignet({
      env: {
        PORT: '0',
        DATABASE_URL: join(dataDir, 'signet.sqlite'),
        SIGNET_RPC_31337: 'http://127.0.0.1:9',
        SIGNET_RATE_LIMIT: 'off',
        SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
        SIGNET_OIDC_DEVICE_CODE_TTL: '2h',
        LOG_LEVEL: 'silent',
      },
      webDist: join(dataDir, 'no-web-app'),
    })
  })
  afterAll(async () => {
    await signet?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const discover = (clientId: string, auth: client.ClientAuth, secret?: string) =>
    client.discovery(new URL(`${signet.url}/oidc`), clientId, secret, auth, {
      execute: [client.allowInsecureRequests],
    })
  const cli = () => discover('cli', client.None())
  const tv = () => discover('tv', client.ClientSecretBasic(tvSecret), tvSecret)

  /** One poll of the token endpoint, as the device makes it. */
  const pollOnce = (config: client.Configuration, deviceCode: string) =>
    client.genericGrantRequest(config, deviceGrant, { device_code: deviceCode })
  /** Polls until the grant is decided, every second (instead of the default 5 s). */
  const pollUntilDecided = (config: client.Configuration, started: client.DeviceAuthorizationResponse) =>
    client.pollDeviceAuthorizationGrant(config, { ...started, interval: 1 })

  /** Opens the code page (from `verification_uri_complete`) and submits the code; the confirmation page. */
  async function enterCode(jar: CookieJar, started: client.DeviceAuthorizationResponse, code?: string) {
    const entry = await browserGet(
      jar,
      code === undefined ? (started.verification_uri_complete as string) : started.verification_uri,
    )
    expect(entry.status).toBe(200)
    const html = await entry.text()
    return browserPostForm(jar, started.verification_uri, {
      ...hiddenInputs(html),
      user_code: code ?? started.user_code,
    })
  }

  /** Enters and confirms the code; the interaction page the provider sends the browser to. */
  async function confirmCode(jar: CookieJar, started: client.DeviceAuthorizationResponse): Promise<URL> {
    const confirmation = await enterCode(jar, started)
    const confirmed = await browserPostForm(
      jar,
      started.verification_uri,
      hiddenInputs(await confirmation.text()),
    )
    expect(confirmed.status).toBe(303)
    return new URL(confirmed.headers.get('location') as string, signet.url)
  }

  it('publishes the device authorization endpoint and grant', async () => {
    const discovery = (await (await fetch(`${signet.url}/oidc/.well-known/openid-configuration`)).json()) as {
      device_authorization_endpoint: string
      grant_types_supported: string[]
    }
    expect(discovery.device_authorization_endpoint).toBe(`${signet.url}/oidc/device/auth`)
    expect(discovery.grant_types_supported).toEqual(['authorization_code', 'refresh_token', deviceGrant])
  })

  it('signs a command-line tool in: code page, confirmation, SIWE, consent, success page, tokens', async () => {
    const config = await cli()
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid eth' })
    expect(started.user_code).toMatch(userCodePattern)
    expect(started.verification_uri).toBe(`${signet.url}/oidc/device`)
    expect(started.verification_uri_complete).toBe(
      `${signet.url}/oidc/device?user_code=${encodeURIComponent(started.user_code)}`,
    )
    // SIGNET_OIDC_DEVICE_CODE_TTL=2h
    expect(started.expires_in).toBe(2 * 3600)

    // Before anyone approved: the device hears "pending".
    await expect(pollOnce(config, started.device_code)).rejects.toMatchObject({
      error: 'authorization_pending',
    })
    const polling = pollUntilDecided(config, started)

    // verification_uri_complete: the code page with the code filled in, accessible, without script.
    const jar = new CookieJar()
    const entry = await browserGet(jar, started.verification_uri_complete as string)
    expect(entry.status).toBe(200)
    expect(entry.headers.get('content-security-policy')).toContain("script-src 'self'")
    const entryHtml = await entry.text()
    expect(entryHtml).toContain('<h1>Sign in a device</h1>')
    expect(entryHtml).toContain('<label for="user-code">Code shown on your device</label>')
    expect(entryHtml).toMatch(
      new RegExp(
        `<input id="user-code" name="user_code" type="text" autocomplete="one-time-code" inputmode="text"[^>]* value="${started.user_code}">`,
      ),
    )
    expect(entryHtml).not.toMatch(/<script|onfocus=/)
    expect(alertOf(entryHtml)).toBeUndefined()

    // The confirmation names the application and what it asks, and shows the code to compare.
    const confirmation = await browserPostForm(jar, started.verification_uri, {
      ...hiddenInputs(entryHtml),
      user_code: started.user_code.toLowerCase(),
    })
    expect(confirmation.status).toBe(200)
    const confirmHtml = await confirmation.text()
    expect(confirmHtml).toContain('<h1>Sign in to Signet CLI?</h1>')
    expect(confirmHtml).toContain(`<p class="code">${started.user_code}</p>`)
    expect(confirmHtml).toContain(
      '<ul><li>Your account id (chain and address)</li><li>Your address, chain and account type</li></ul>',
    )
    const confirmed = await browserPostForm(jar, started.verification_uri, hiddenInputs(confirmHtml))
    expect(confirmed.status).toBe(303)
    const interaction = new URL(confirmed.headers.get('location') as string, signet.url)
    expect(interaction.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/)

    // Signet's sign-in page: names the client; no redirect URI, the device page is what the proof names.
    const details = (await (
      await browserGet(jar, `${interaction.href}/details`)
    ).json()) as InteractionDetails
    expect(details).toMatchObject({
      prompt: 'login',
      client: { id: 'cli', name: 'Signet CLI' },
      redirectUri: null,
      resource: `${signet.url}/oidc/device?client_id=cli`,
      scopes: ['openid', 'eth'],
      statement: 'Sign in to Signet CLI with your Ethereum account.',
    })
    // The interaction lives as long as the device code (2 h), not the usual hour.
    const row = await signet.db
      .selectFrom('oidc_models')
      .select('expires_at')
      .where('model', '=', 'Interaction')
      .where('id', '=', details.uid)
      .executeTakeFirstOrThrow()
    expect((Number(row.expires_at) - Date.now()) / 1000).toBeGreaterThan(2 * 3600 - 60)

    let successPage = ''
    const end = await signInThroughInteraction(jar, interaction, account, undefined, (html) => {
      successPage = html
    })
    expect(end.pathname).toMatch(/^\/oidc\/device\/[\w-]+$/)
    expect(successPage).toContain(
      '<h1>Signed in</h1><p role="status">You are signed in to Signet CLI. You can close this page and return to your device.</p>',
    )

    const tokens = await polling
    expect(tokens.claims()).toMatchObject({ sub, aud: 'cli', chain_id: 31337, account_type: 'eoa' })
    expect(tokens.scope?.split(' ').sort()).toEqual(['eth', 'openid'])
    expect((await client.fetchUserInfo(config, tokens.access_token, sub)).sub).toBe(sub)

    // The code is spent: typing it again says so.
    const again = await enterCode(new CookieJar(), started)
    expect(alertOf(await again.text())).toBe(
      'This code was already used. Start the sign-in again on your device to get a new code.',
    )
  })

  it('a confidential device client skipping consent gets a refresh token', async () => {
    const config = await tv()
    const started = await client.initiateDeviceAuthorization(config, {
      scope: 'openid offline_access',
      prompt: 'consent',
    })
    const polling = pollUntilDecided(config, started)
    const jar = new CookieJar()
    // The confirmation page says what offline_access means, in the consent page's words.
    const confirmation = await (await enterCode(jar, started)).text()
    expect(confirmation).toContain(
      '<ul><li>Your account id (chain and address)</li><li>Stay signed in: the application may renew its access without asking you again</li></ul>',
    )
    const confirmed = await browserPostForm(jar, started.verification_uri, hiddenInputs(confirmation))
    expect(confirmed.status).toBe(303)
    let successPage = ''
    await signInThroughInteraction(
      jar,
      new URL(confirmed.headers.get('location') as string, signet.url),
      account,
      undefined,
      (html) => {
        successPage = html
      },
    )
    expect(successPage).toContain('You are signed in to Lobby TV.')
    const tokens = await polling
    expect(tokens.claims()?.sub).toBe(sub)
    expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/)
    expect((await client.refreshTokenGrant(config, tokens.refresh_token as string)).claims()?.sub).toBe(sub)
  })

  it('says so on the page for a missing, wrong or expired code', async () => {
    const config = await cli()
    const jar = new CookieJar()
    const empty = await enterCode(
      jar,
      await client.initiateDeviceAuthorization(config, { scope: 'openid' }),
      '',
    )
    expect(empty.status).toBe(200)
    const emptyHtml = await empty.text()
    expect(alertOf(emptyHtml)).toBe('Enter the code your device shows.')
    expect(emptyHtml).toContain('aria-describedby="user-code-hint user-code-error" aria-invalid="true"')

    const wrong = await enterCode(
      jar,
      await client.initiateDeviceAuthorization(config, { scope: 'openid' }),
      'BCDF-BCDF',
    )
    const wrongHtml = await wrong.text()
    expect(alertOf(wrongHtml)).toBe(
      'No sign-in request has this code. Check the code on your device and enter it again.',
    )
    // The code typed stays in the field, to correct it.
    expect(wrongHtml).toContain('value="BCDF-BCDF">')

    // A browser that keeps no cookies: the provider cannot tie the form to its page.
    const cookieless = await browserPostForm(new CookieJar(), `${signet.url}/oidc/device`, {
      xsrf: 'made-up',
      user_code: 'BCDF-BCDF',
    })
    expect(cookieless.status).toBe(400)
    expect(alertOf(await cookieless.text())).toBe(
      "This form has expired, or your browser did not keep Signet's cookie. Enter the code again; if this repeats, allow cookies for this site.",
    )

    // A stale form (another tab's, or one already submitted) of a browser that has its session.
    const stale = await browserPostForm(jar, `${signet.url}/oidc/device`, {
      xsrf: 'made-up',
      user_code: 'BCDF-BCDF',
    })
    const staleHtml = await stale.text()
    expect(alertOf(staleHtml)).toBe(
      alertOf(await (await browserPostForm(new CookieJar(), `${signet.url}/oidc/device`, {})).text()),
    )
    // Its new form works: the wrong code is reported as such.
    const retried = await browserPostForm(jar, `${signet.url}/oidc/device`, {
      ...hiddenInputs(staleHtml),
      user_code: 'BCDF-BCDF',
    })
    expect(alertOf(await retried.text())).toBe(
      'No sign-in request has this code. Check the code on your device and enter it again.',
    )

    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' })
    // Time passes: the device code's own expiry (the provider checks it, not the database row's).
    const stored = await signet.db
      .selectFrom('oidc_models')
      .select(['id', 'payload'])
      .where('model', '=', 'DeviceCode')
      .where('user_code', '=', started.user_code.replace('-', ''))
      .executeTakeFirstOrThrow()
    const payload = JSON.parse(stored.payload) as { exp: number }
    await signet.db
      .updateTable('oidc_models')
      .set({ payload: JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) - 1 }) })
      .where('model', '=', 'DeviceCode')
      .where('id', '=', stored.id)
      .execute()
    const expired = await enterCode(jar, started)
    expect(alertOf(await expired.text())).toBe(
      'This code has expired. Start the sign-in again on your device to get a new code.',
    )
    await expect(pollOnce(config, started.device_code)).rejects.toMatchObject({ error: 'expired_token' })
  })

  it('tells the device access_denied when the user cancels on the confirmation or the sign-in page', async () => {
    const config = await cli()
    const cancelled = await client.initiateDeviceAuthorization(config, { scope: 'openid' })
    const jar = new CookieJar()
    const confirmation = await enterCode(jar, cancelled)
    const cancel = await browserPostForm(jar, cancelled.verification_uri, {
      ...hiddenInputs(await confirmation.text()),
      abort: 'yes',
    })
    expect(alertOf(await cancel.text())).toBe(
      'The sign-in was cancelled and your device was told so. Start again on your device.',
    )
    await expect(pollOnce(config, cancelled.device_code)).rejects.toMatchObject({ error: 'access_denied' })

    const declined = await client.initiateDeviceAuthorization(config, { scope: 'openid' })
    const polling = pollUntilDecided(config, declined)
    const interaction = await confirmCode(jar, declined)
    const abort = await browserPost(jar, `${interaction.href}/abort`)
    expect(abort.status).toBe(200)
    const { redirectTo } = (await abort.json()) as { redirectTo: string }
    const ended = await browserGet(jar, redirectTo)
    expect(alertOf(await ended.text())).toBe(
      'The sign-in was cancelled and your device was told so. Start again on your device.',
    )
    await expect(polling).rejects.toMatchObject({ error: 'access_denied' })
  })

  it('refuses a message that names a redirect URI instead of the device page', async () => {
    const config = await cli()
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' })
    const jar = new CookieJar()
    const interaction = await confirmCode(jar, started)
    const details = (await (
      await browserGet(jar, `${interaction.href}/details`)
    ).json()) as InteractionDetails
    const nonce = ((await (await fetch(`${signet.url}/api/auth/nonce`)).json()) as { nonce: string }).nonce
    const message = interactionSignInMessage(
      { ...details, resource: 'http://localhost:9/callback' },
      account.address,
      nonce,
      signet.url,
    )
    const login = await browserPost(jar, `${interaction.href}/login`, {
      message,
      signature: await account.signMessage({ message }),
    })
    expect(login.status).toBe(401)
    expect(await login.json()).toEqual({
      error: {
        code: 'wrong_application',
        message: `The message's resources must list ${signet.url}/oidc/device?client_id=cli.`,
      },
    })
  })

  it('gives the device grant only to clients that list it', async () => {
    const wiki = await discover('wiki', client.ClientSecretBasic(tvSecret), tvSecret)
    await expect(client.initiateDeviceAuthorization(wiki, { scope: 'openid' })).rejects.toMatchObject({
      error: 'invalid_request',
      error_description: `${deviceGrant} is not allowed for this client`,
    })
  })
})
