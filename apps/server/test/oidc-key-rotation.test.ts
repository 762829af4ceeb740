import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import * as client from 'openid-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from './oidc-browser.ts'
import { startTestPostgres, type TestPostgres } from './postgres-server.ts'
import { type SignetProcess, startSignetProcess, testOrigin } from './reliability/signet-process.ts'
import { runCli } from './run-cli.ts'

// An operator rotates and retires the provider's signing key with `signet keys` while a relying party
// keeps signing users in through two `signet serve` processes on one Postgres: no sign-in fails, each
// process publishes the new key within seconds and signs with it once its propagation delay passed, and
// an ID token from before the rotation still verifies against the JWKS fetched after it.

const callback = 'http://localhost:9/callback'
const clients = [
  {
    client_id: 'dashboard',
    client_name: 'Dashboard',
    redirect_uris: [callback],
    token_endpoint_auth_method: 'none',
    skip_consent: true,
  },
]
const propagationMs = 3_000

type SignIn = { server: 'a' | 'b'; idToken: string; kid: string; startedAt: number; finishedAt: number }

let postgres: TestPostgres
let a: SignetProcess
let b: SignetProcess
let env: Record<string, string>

beforeAll(async () => {
  postgres = await startTestPostgres()
  env = {
    DATABASE_URL: postgres.url,
    SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
    SIGNET_OIDC_KEY_PROPAGATION: `${propagationMs / 1000}s`,
  }
  ;[a, b] = await Promise.all([
    startSignetProcess({ env, startTimeoutMs: 60_000 }),
    startSignetProcess({ env, startTimeoutMs: 60_000 }),
  ])
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await postgres?.stop()
})

/** openid-client, as a relying party's server, talking to `server` for Signet's public origin. */
function discoverThrough(server: SignetProcess) {
  return client.discovery(new URL(`${testOrigin}/oidc`), 'dashboard', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: (url: string, options: client.CustomFetchOptions) =>
      fetch(url.replace(testOrigin, server.url), options as RequestInit),
  })
}

async function signIn(name: 'a' | 'b'): Promise<SignIn> {
  const server = name === 'a' ? a : b
  const startedAt = Date.now()
  const config = await discoverThrough(server)
  const verifier = client.randomPKCECodeVerifier()
  const nonce = client.randomNonce()
  const authorization = client.buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope: 'openid eth',
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  const jar = new CookieJar()
  const interaction = await followToInteractionOrApp(
    jar,
    `${server.url}${authorization.pathname}${authorization.search}`,
    server.url,
  )
  const returned = await signInThroughInteraction(
    jar,
    interaction,
    privateKeyToAccount(generatePrivateKey()),
    testOrigin,
  )
  const tokens = await client.authorizationCodeGrant(config, returned, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    idTokenExpected: true,
  })
  const idToken = tokens.id_token as string
  return {
    server: name,
    idToken,
    kid: String(decodeProtectedHeader(idToken).kid),
    startedAt,
    finishedAt: Date.now(),
  }
}

async function publishedKids(server: SignetProcess): Promise<string[]> {
  const jwks = (await (await fetch(`${server.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] }
  return jwks.keys.map((key) => key.kid)
}

/** Verifies `idToken` as a relying party does, against the JWKS `server` publishes now. */
function verifyAgainstJwksOf(server: SignetProcess, idToken: string) {
  return jwtVerify(idToken, createRemoteJWKSet(new URL(`${server.url}/oidc/jwks`)), {
    issuer: `${testOrigin}/oidc`,
    audience: 'dashboard',
    algorithms: ['RS256'],
  })
}

describe('signet keys rotate and retire while users sign in', { timeout: 600_000 }, () => {
  it('loses no sign-in, keeps old tokens verifiable and switches to the new key after the delay', async () => {
    const before = await signIn('a')
    const oldKid = before.kid
    expect(await publishedKids(a)).toEqual([oldKid])
    expect(await publishedKids(b)).toEqual([oldKid])

    // The relying party signs users in without pause, through A and B in turn.
    const signIns: SignIn[] = []
    const failures: unknown[] = []
    let signingIn = true
    const relyingParty = (async () => {
      for (let turn = 0; signingIn; turn++) {
        try {
          signIns.push(await signIn(turn % 2 === 0 ? 'a' : 'b'))
        } catch (error) {
          failures.push(error)
        }
      }
    })()
    // When each process first publishes a key besides the old one (watched while the CLI runs).
    const firstPublished: Partial<Record<'a' | 'b', { at: number; kids: string[] }>> = {}
    let watching = true
    const watcher = (async () => {
      while (watching) {
        for (const [name, server] of [
          ['a', a],
          ['b', b],
        ] as const) {
          const kids = await publishedKids(server)
          if (!firstPublished[name] && kids.length > 1) firstPublished[name] = { at: Date.now(), kids }
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()

    try {
      const rotated = await runCli(['keys', 'rotate'], { env })
      expect(rotated.code).toBe(0)
      const [, newKid = '', signsFromText = ''] =
        /^new signing key ([\w-]+): published now .*; signs from (\S+) \(SIGNET_OIDC_KEY_PROPAGATION\)\n$/.exec(
          rotated.stdout,
        ) ?? []
      expect(newKid).not.toBe('')
      const signsFrom = Date.parse(signsFromText)
      const createdAt = signsFrom - propagationMs

      // Every process publishes it within seconds, the signing key (still the old one) first.
      const deadline = Date.now() + 20_000
      while ((!firstPublished.a || !firstPublished.b) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      for (const name of ['a', 'b'] as const) {
        const published = firstPublished[name]
        expect(published?.kids.toSorted()).toEqual([oldKid, newKid].toSorted())
        console.log(
          `process ${name} published the new key ${(published?.at ?? 0) - createdAt} ms after rotate`,
        )
        expect((published?.at ?? Number.POSITIVE_INFINITY) - createdAt).toBeLessThan(10_000)
      }
      // Both processes know the new key: from signs_from on (or from when they learnt it, if later) it signs.
      const switchAt = Math.max(signsFrom, firstPublished.a?.at ?? 0, firstPublished.b?.at ?? 0)
      const afterSwitch = () => signIns.filter((signIn) => signIn.startedAt > switchAt + 100)
      const deadline2 = Date.now() + 120_000
      while (
        !(afterSwitch().some((s) => s.server === 'a') && afterSwitch().some((s) => s.server === 'b')) &&
        Date.now() < deadline2
      )
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(afterSwitch().some((s) => s.server === 'a')).toBe(true)
      expect(afterSwitch().some((s) => s.server === 'b')).toBe(true)
      expect(await publishedKids(a)).toEqual([newKid, oldKid])
      expect(await publishedKids(b)).toEqual([newKid, oldKid])

      // The token from before the rotation verifies against the JWKS of either process now.
      for (const server of [a, b]) {
        const { protectedHeader, payload } = await verifyAgainstJwksOf(server, before.idToken)
        expect(protectedHeader.kid).toBe(oldKid)
        expect(payload.sub).toMatch(/^eip155:31337:0x/)
      }

      // Retire the old key: it stops signing, and stays published for as long as its tokens can be valid.
      const retired = await runCli(['keys', 'retire', oldKid], { env })
      expect(retired.code).toBe(0)
      const listed = await runCli(['keys', 'list', '--json'], { env })
      const keys = JSON.parse(listed.stdout) as {
        kid: string
        state: string
        retired: string | null
        publishedUntil: string | null
      }[]
      expect(keys.map((key) => [key.kid, key.state])).toEqual([
        [newKid, 'active'],
        [oldKid, 'retired'],
      ])
      const retiredAt = Date.parse(keys[1]?.retired ?? '')
      // ID tokens live 1 h (oidc-provider's ttl.IdToken), plus a minute for processes noticing and clock skew.
      expect(Date.parse(keys[1]?.publishedUntil ?? '')).toBe(retiredAt + 3_600_000 + 60_000)
      // Past every process's poll: the retired key is still published, and the old token still verifies.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      expect(await publishedKids(a)).toEqual([newKid, oldKid])
      expect(await publishedKids(b)).toEqual([newKid, oldKid])
      await verifyAgainstJwksOf(b, before.idToken)
      const count = signIns.length
      while (signIns.length < count + 2) await new Promise((resolve) => setTimeout(resolve, 100))

      // Which key signed what: the old key until the switch, the new one after it and after the retirement.
      for (const signIn of signIns) {
        if (signIn.finishedAt < signsFrom) expect(signIn.kid).toBe(oldKid)
        if (signIn.startedAt > switchAt + 100) expect(signIn.kid).toBe(newKid)
      }
      expect(signIns.filter((signIn) => signIn.startedAt > retiredAt).map((signIn) => signIn.kid)).toEqual(
        signIns.filter((signIn) => signIn.startedAt > retiredAt).map(() => newKid),
      )
      console.log(
        `${signIns.length} sign-ins during rotation and retirement: ${signIns.filter((s) => s.kid === oldKid).length} signed by the old key, ${signIns.filter((s) => s.kid === newKid).length} by the new one`,
      )
    } finally {
      signingIn = false
      watching = false
      await Promise.all([relyingParty, watcher])
    }
    expect(failures).toEqual([])
  })
})
