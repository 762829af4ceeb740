import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeProtectedHeader } from 'jose'
import type Provider from 'oidc-provider'
import * as client from 'openid-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OidcSigningKey } from '../src/config/oidc-config.ts'
import { startKeyReloadingProvider } from '../src/oidc/key-reloading-provider.ts'
import {
  generateSigningKey,
  readSigningKeySchedule,
  retireSigningKey,
  rotateSigningKey,
} from '../src/oidc/signing-keys.ts'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import { openDatabase, type StoreDatabase } from '../src/store/database.ts'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from './oidc-browser.ts'

const callback = 'http://localhost:9/callback'
const clients = [
  {
    client_id: 'spa',
    client_name: 'Dashboard',
    redirect_uris: [callback],
    token_endpoint_auth_method: 'none',
    skip_consent: true,
  },
]

/** A provider stand-in that records the keys it was built with, in order. */
function recordingBuild() {
  const builds: string[][] = []
  const build = (jwks: { keys: OidcSigningKey[] }) => {
    builds.push(jwks.keys.map((key) => String(key.kid)))
    return { kids: builds.at(-1) } as unknown as Provider
  }
  return { builds, build }
}

describe('a process’s provider follows the keys in the database', () => {
  let dir: string
  let db: StoreDatabase
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'signet-key-reload-'))
    db = await openDatabase({ kind: 'sqlite', path: join(dir, 'signet.sqlite') })
  })
  afterAll(async () => {
    await db?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('rebuilds with the signing key first when the keys change and when a scheduled change arrives', async () => {
    let clock = Date.now()
    const { builds, build } = recordingBuild()
    const oidc = await startKeyReloadingProvider({
      db,
      configuredJwks: undefined,
      build,
      now: () => clock,
      pollMs: 3_600_000,
    })
    try {
      const [first] = await readSigningKeySchedule(db)
      const firstKid = first?.kid as string
      expect(builds).toEqual([[firstKid]])
      expect(oidc.keysLoaded()).toBe(true)
      expect(oidc.source).toBe('database')

      // Unchanged keys: no new provider.
      await oidc.refresh()
      expect(builds).toHaveLength(1)

      const rotated = await rotateSigningKey(db, { propagationMs: 60_000, now: clock })
      await oidc.refresh()
      expect(builds.at(-1)).toEqual([firstKid, rotated.kid])
      expect(oidc.signingKid()).toBe(firstKid)

      clock = rotated.signsFrom
      await oidc.refresh()
      expect(builds.at(-1)).toEqual([rotated.kid, firstKid])
      expect(oidc.signingKid()).toBe(rotated.kid)
      expect(builds).toHaveLength(3)

      const retired = await retireSigningKey(db, firstKid, { now: clock })
      await oidc.refresh()
      // Retired but still published: the provider holds the same keys, so it is not rebuilt.
      expect(builds).toHaveLength(3)
      expect(oidc.publishedKids()).toEqual([rotated.kid, firstKid])
      clock = retired.publishedUntil
      await oidc.refresh()
      expect(builds.at(-1)).toEqual([rotated.kid])
      expect(oidc.current()).toEqual({ kids: [rotated.kid] })
    } finally {
      oidc.stop()
    }
  })

  it('switches to a pending key on time even when its database stopped answering', async () => {
    let clock = Date.now()
    const own = await openDatabase({ kind: 'sqlite', path: join(dir, 'unreachable.sqlite') })
    const operator = await openDatabase({ kind: 'sqlite', path: join(dir, 'unreachable.sqlite') })
    const { builds, build } = recordingBuild()
    const oidc = await startKeyReloadingProvider({
      db: own,
      configuredJwks: undefined,
      build,
      now: () => clock,
      pollMs: 3_600_000,
    })
    try {
      const signing = oidc.signingKid()
      const rotated = await rotateSigningKey(operator, { propagationMs: 60_000, now: clock })
      await operator.destroy()
      await oidc.refresh()
      expect(oidc.publishedKids()).toEqual([signing, rotated.kid])
      await own.destroy()
      clock = rotated.signsFrom
      await oidc.refresh()
      expect(builds.at(-1)).toEqual([rotated.kid, signing])
      expect(oidc.signingKid()).toBe(rotated.kid)
    } finally {
      oidc.stop()
    }
  })

  it('keeps the configured keys of SIGNET_OIDC_JWKS and never reads the database’s', async () => {
    const configured = { keys: [generateSigningKey(), generateSigningKey()] }
    const { builds, build } = recordingBuild()
    const oidc = await startKeyReloadingProvider({ db, configuredJwks: configured, build })
    await rotateSigningKey(db, { propagationMs: 0 })
    await oidc.refresh()
    expect(builds).toEqual([configured.keys.map((key) => key.kid)])
    expect(oidc.source).toBe('configuration')
    expect(oidc.signingKid()).toBe(configured.keys[0]?.kid)
    expect(oidc.keysLoaded()).toBe(true)
  })
})

describe('two Signets on one database, signing users in while the keys rotate', () => {
  let dir: string
  let a: RunningSignet
  let b: RunningSignet

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'signet-key-rotation-'))
    const env = {
      PORT: '0',
      DATABASE_URL: join(dir, 'signet.sqlite'),
      SIGNET_ORIGIN: 'http://localhost:8787',
      SIGNET_RPC_31337: 'http://127.0.0.1:9',
      SIGNET_RATE_LIMIT: 'off',
      SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
      LOG_LEVEL: 'silent',
    }
    // One after the other: two first migrations of one new SQLite file at once collide.
    a = await startSignet({ env, webDist: join(dir, 'no-web-app') })
    b = await startSignet({ env, webDist: join(dir, 'no-web-app') })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    rmSync(dir, { recursive: true, force: true })
  })

  const jwksKids = async (signet: RunningSignet) =>
    ((await (await fetch(`${signet.listenUrl}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map(
      (key) => key.kid,
    )

  /** An ID token for a new user signed in through `signet` (an RP using openid-client). */
  async function signIn(signet: RunningSignet): Promise<string> {
    const through = (url: string) => url.replace(signet.url, signet.listenUrl)
    const config = await client.discovery(new URL(`${signet.url}/oidc`), 'spa', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: (url: string, options: client.CustomFetchOptions) =>
        fetch(through(url), options as RequestInit),
    })
    const verifier = client.randomPKCECodeVerifier()
    const authorization = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    const jar = new CookieJar()
    const interaction = await followToInteractionOrApp(jar, through(authorization.href), signet.listenUrl)
    const account = privateKeyToAccount(generatePrivateKey())
    const returned = await signInThroughInteraction(jar, interaction, account, signet.url)
    const tokens = await client.authorizationCodeGrant(config, returned, { pkceCodeVerifier: verifier })
    return tokens.id_token as string
  }
  const kidOf = (idToken: string) => decodeProtectedHeader(idToken).kid

  it('publish the same key at start, and sign with it', async () => {
    const kids = await jwksKids(a)
    expect(kids).toHaveLength(1)
    expect(await jwksKids(b)).toEqual(kids)
    expect(kidOf(await signIn(a))).toBe(kids[0])
    expect(kidOf(await signIn(b))).toBe(kids[0])
  })

  it('publish a pending key without signing with it, then sign with the newest key whose time came', async () => {
    const [first] = await jwksKids(a)
    const pending = await rotateSigningKey(a.db, { propagationMs: 600_000 })
    await a.oidc?.refresh()
    // oidc-provider signs with the first of its RS256 keys: here the older, active one, before the newer.
    expect(await jwksKids(a)).toEqual([first, pending.kid])
    expect(kidOf(await signIn(a))).toBe(first)

    const now = await rotateSigningKey(a.db, { propagationMs: 0 })
    await a.oidc?.refresh()
    expect(await jwksKids(a)).toEqual([now.kid, pending.kid, first])
    expect(kidOf(await signIn(a))).toBe(now.kid)

    // B was not told: it finds the change itself within its poll interval.
    const deadline = Date.now() + 6_000
    while ((await jwksKids(b)).join() !== [now.kid, pending.kid, first].join() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await jwksKids(b)).toEqual([now.kid, pending.kid, first])
    expect(b.oidc?.signingKid()).toBe(now.kid)
    expect(kidOf(await signIn(b))).toBe(now.kid)
  })
})
