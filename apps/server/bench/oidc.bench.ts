// OpenID Connect round trips per second against plain sign-ins, measured in the same run against one
// `signet serve` process (SQLite, rate limits off).
//
//   npm run bench:oidc [-- --count 100 --rounds 5 --concurrency 8]
//
// A plain sign-in: GET /api/auth/nonce, sign, POST /api/auth/verify. An OIDC round trip, as an
// application and its visitor's browser make it: the authorization request (PKCE), Signet's interaction
// (details, nonce, sign, login), the provider's resume and redirect to the application, and the code
// exchanged for tokens by openid-client (which verifies the ID token). The visitor's wallet signs both
// in this process. Rounds alternate which of the two goes first; figures are medians over the rounds,
// the ratio is taken per round. A third figure: plain sign-ins against a second process whose rate
// limits are on (limits out of reach), i.e. the cost of counting each request in the database.
// The bench exits 1 when any sign-in or round trip fails.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as client from 'openid-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from '../test/oidc-browser.ts'
import { startSignetProcess, testOrigin } from '../test/reliability/signet-process.ts'
import { fetchNonce, postVerify, signInMessage } from '../test/sign-in-client.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
  },
})
const count = Number(values.count)
const rounds = Number(values.rounds)
const concurrency = Number(values.concurrency)

const callback = 'http://localhost:9/callback'
const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-oidc-'))
const limited = await startSignetProcess({
  env: {
    DATABASE_URL: join(dataDir, 'limited.sqlite'),
    SIGNET_RATE_LIMIT: 'on',
    SIGNET_RATE_LIMIT_NONCE: '1000000',
    SIGNET_RATE_LIMIT_VERIFY: '1000000',
  },
})
const server = await startSignetProcess({
  env: {
    DATABASE_URL: join(dataDir, 'signet.sqlite'),
    SIGNET_OIDC_CLIENTS: JSON.stringify([
      {
        client_id: 'bench',
        client_name: 'Bench',
        redirect_uris: [callback],
        token_endpoint_auth_method: 'none',
        skip_consent: true,
      },
    ]),
  },
})

let failures = 0
try {
  const config = await client.discovery(new URL(`${testOrigin}/oidc`), 'bench', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: (url: string, options: client.CustomFetchOptions) =>
      fetch(url.replace(testOrigin, server.url), options as RequestInit),
  })
  const accounts = Array.from({ length: concurrency }, () => privateKeyToAccount(generatePrivateKey()))

  const plainSignInAt = (base: string) => async (worker: number) => {
    const account = accounts[worker] ?? accounts[0]
    if (!account) throw new Error('no account')
    const message = signInMessage(account.address, await fetchNonce(base))
    const answer = await postVerify(base, message, await account.signMessage({ message }))
    if (answer.status !== 200 || !answer.cookie) failures += 1
  }
  const plainSignIn = plainSignInAt(server.url)
  const limitedSignIn = plainSignInAt(limited.url)

  const oidcRoundTrip = async (worker: number) => {
    const account = accounts[worker] ?? accounts[0]
    if (!account) throw new Error('no account')
    const verifier = client.randomPKCECodeVerifier()
    const authorization = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: 'openid eth',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    // A fresh browser each time: no provider session to skip the sign-in.
    const jar = new CookieJar()
    const interaction = await followToInteractionOrApp(
      jar,
      `${server.url}${authorization.pathname}${authorization.search}`,
      server.url,
    )
    const returned = await signInThroughInteraction(jar, interaction, account, testOrigin)
    const tokens = await client.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    })
    if (!tokens.claims()?.sub) failures += 1
  }

  /** Runs `total` operations with `concurrency` in flight; operations per second. */
  const measure = async (operation: (worker: number) => Promise<void>, total: number) => {
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        while (next < total) {
          next += 1
          await operation(worker).catch((error: unknown) => {
            failures += 1
            console.error(error)
          })
        }
      }),
    )
    return total / ((performance.now() - started) / 1000)
  }

  // Warm-up: JIT, statement caches, the provider's keys.
  await measure(plainSignIn, concurrency * 2)
  await measure(limitedSignIn, concurrency * 2)
  await measure(oidcRoundTrip, concurrency * 2)

  const plain: number[] = []
  const oidc: number[] = []
  const ratios: number[] = []
  const limitedRates: number[] = []
  const limitedRatios: number[] = []
  for (let round = 0; round < rounds; round++) {
    let plainRate: number
    let oidcRate: number
    let limitedRate: number
    if (round % 2 === 0) {
      plainRate = await measure(plainSignIn, count)
      limitedRate = await measure(limitedSignIn, count)
      oidcRate = await measure(oidcRoundTrip, count)
    } else {
      oidcRate = await measure(oidcRoundTrip, count)
      limitedRate = await measure(limitedSignIn, count)
      plainRate = await measure(plainSignIn, count)
    }
    plain.push(plainRate)
    oidc.push(oidcRate)
    limitedRates.push(limitedRate)
    ratios.push(oidcRate / plainRate)
    limitedRatios.push(limitedRate / plainRate)
    console.log(
      `round ${round + 1}/${rounds}: plain sign-ins ${plainRate.toFixed(1)}/s (rate-limited ${limitedRate.toFixed(1)}/s), OIDC round trips ${oidcRate.toFixed(1)}/s`,
    )
  }
  console.log(
    `\n${count} per figure, ${concurrency} in flight, one signet serve process (SQLite), median of ${rounds} rounds:`,
  )
  console.log(`  plain sign-ins (nonce → sign → verify):           ${median(plain).toFixed(1)}/s`)
  console.log(`  OIDC authorization-code round trips (+ tokens):   ${median(oidc).toFixed(1)}/s`)
  console.log(`  OIDC / plain:                                     ${median(ratios).toFixed(2)}`)
  console.log(`  plain sign-ins, rate limits counted in the DB:    ${median(limitedRates).toFixed(1)}/s`)
  console.log(`  rate-limited / plain:                             ${median(limitedRatios).toFixed(2)}`)
  if (failures > 0) console.error(`${failures} sign-ins or round trips failed`)
} finally {
  await Promise.all([server.stop(), limited.stop()])
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failures > 0 ? 1 : 0)

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
