// OpenID Connect round trips per second against plain sign-ins, measured in the same run against one
// `signet serve` process (SQLite, rate limits off); refresh-token grants against the round trips; and the
// Safe watcher's JSON-RPC calls per minute with 1 000 Safes watched on the local chain.
//
//   npm run bench:oidc [-- --count 100 --rounds 5 --concurrency 8 --safes 1000 --safe-watch-seconds 60]
//   (--safes 0 leaves the Safe watcher out)
//
// A plain sign-in: GET /api/auth/nonce, sign, POST /api/auth/verify. An OIDC round trip, as an
// application and its visitor's browser make it: the authorization request (PKCE), Signet's interaction
// (details, nonce, sign, login), the provider's resume and redirect to the application, and the code
// exchanged for tokens by openid-client (which verifies the ID token). The visitor's wallet signs both
// in this process. Rounds alternate which of the two goes first; figures are medians over the rounds,
// the ratio is taken per round. A third figure: plain sign-ins against a second process whose rate
// limits are on (limits out of reach), i.e. the cost of counting each request in the database.
// A refresh: the refresh_token grant (openid-client, which verifies the new ID token), each of the
// in-flight workers rotating its own refresh token (got once through a round trip with offline_access);
// its latency beside the round trip's, p50 and p99 of every operation of the rounds.
// The Safe watcher's figure comes from the measurement behind `npm run bench:safe-watch`
// (safe-watch-rpc.ts), run after the rounds on its own chain and process.
// The bench exits 1 when any sign-in, round trip or refresh fails.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as client from 'openid-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CookieJar, followToInteractionOrApp, signInThroughInteraction } from '../test/oidc-browser.ts'
import { startSignetProcess, testOrigin } from '../test/reliability/signet-process.ts'
import { fetchNonce, postVerify, signInMessage } from '../test/sign-in-client.ts'
import { measureSafeWatchRpc } from './safe-watch-rpc.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    safes: { type: 'string', default: '1000' },
    'safe-watch-seconds': { type: 'string', default: '60' },
  },
})
const count = Number(values.count)
const rounds = Number(values.rounds)
const concurrency = Number(values.concurrency)
const safeCount = Number(values.safes)
const safeWatchWindowMs = Number(values['safe-watch-seconds']) * 1000

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
        grant_types: ['authorization_code', 'refresh_token'],
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

  const authorizationCodeTokens = async (worker: number, parameters: Record<string, string>) => {
    const account = accounts[worker] ?? accounts[0]
    if (!account) throw new Error('no account')
    const verifier = client.randomPKCECodeVerifier()
    const authorization = client.buildAuthorizationUrl(config, {
      redirect_uri: callback,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...parameters,
    })
    // A fresh browser each time: no provider session to skip the sign-in.
    const jar = new CookieJar()
    const interaction = await followToInteractionOrApp(
      jar,
      `${server.url}${authorization.pathname}${authorization.search}`,
      server.url,
    )
    const returned = await signInThroughInteraction(jar, interaction, account, testOrigin)
    return client.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    })
  }
  const oidcRoundTrip = async (worker: number) => {
    const tokens = await authorizationCodeTokens(worker, { scope: 'openid eth' })
    if (!tokens.claims()?.sub) failures += 1
  }

  // Each worker's own refresh token, rotated at every use.
  const refreshTokens: string[] = []
  for (let worker = 0; worker < concurrency; worker++) {
    const tokens = await authorizationCodeTokens(worker, {
      scope: 'openid eth offline_access',
      prompt: 'consent',
    })
    if (!tokens.refresh_token) throw new Error('no refresh token: is offline_access granted?')
    refreshTokens[worker] = tokens.refresh_token
  }
  const refresh = async (worker: number) => {
    const tokens = await client.refreshTokenGrant(config, refreshTokens[worker] ?? '')
    if (!tokens.refresh_token || !tokens.claims()?.sub) failures += 1
    else refreshTokens[worker] = tokens.refresh_token
  }

  /**
   * Runs `total` operations with `concurrency` in flight; operations per second. Each operation's
   * latency (ms) is added to `latencies` when given.
   */
  const measure = async (
    operation: (worker: number) => Promise<void>,
    total: number,
    latencies?: number[],
  ) => {
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        while (next < total) {
          next += 1
          const begun = performance.now()
          await operation(worker).catch((error: unknown) => {
            failures += 1
            console.error(error)
          })
          latencies?.push(performance.now() - begun)
        }
      }),
    )
    return total / ((performance.now() - started) / 1000)
  }

  // Warm-up: JIT, statement caches, the provider's keys.
  await measure(plainSignIn, concurrency * 2)
  await measure(limitedSignIn, concurrency * 2)
  await measure(oidcRoundTrip, concurrency * 2)
  await measure(refresh, concurrency * 2)

  const plain: number[] = []
  const oidc: number[] = []
  const ratios: number[] = []
  const limitedRates: number[] = []
  const limitedRatios: number[] = []
  const refreshRates: number[] = []
  const refreshRatios: number[] = []
  const oidcLatencies: number[] = []
  const refreshLatencies: number[] = []
  for (let round = 0; round < rounds; round++) {
    let plainRate: number
    let oidcRate: number
    let limitedRate: number
    let refreshRate: number
    if (round % 2 === 0) {
      plainRate = await measure(plainSignIn, count)
      limitedRate = await measure(limitedSignIn, count)
      oidcRate = await measure(oidcRoundTrip, count, oidcLatencies)
      refreshRate = await measure(refresh, count, refreshLatencies)
    } else {
      refreshRate = await measure(refresh, count, refreshLatencies)
      oidcRate = await measure(oidcRoundTrip, count, oidcLatencies)
      limitedRate = await measure(limitedSignIn, count)
      plainRate = await measure(plainSignIn, count)
    }
    plain.push(plainRate)
    oidc.push(oidcRate)
    limitedRates.push(limitedRate)
    refreshRates.push(refreshRate)
    ratios.push(oidcRate / plainRate)
    limitedRatios.push(limitedRate / plainRate)
    refreshRatios.push(refreshRate / oidcRate)
    console.log(
      `round ${round + 1}/${rounds}: plain sign-ins ${plainRate.toFixed(1)}/s (rate-limited ${limitedRate.toFixed(1)}/s), OIDC round trips ${oidcRate.toFixed(1)}/s, refreshes ${refreshRate.toFixed(1)}/s`,
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
  console.log(`  refresh_token grants (+ new ID token):            ${median(refreshRates).toFixed(1)}/s`)
  console.log(`  refresh / OIDC round trip:                        ${median(refreshRatios).toFixed(2)}`)
  console.log(
    `  latency, OIDC round trip:                         p50 ${percentile(oidcLatencies, 0.5).toFixed(1)} ms, p99 ${percentile(oidcLatencies, 0.99).toFixed(1)} ms`,
  )
  console.log(
    `  latency, refresh:                                 p50 ${percentile(refreshLatencies, 0.5).toFixed(1)} ms, p99 ${percentile(refreshLatencies, 0.99).toFixed(1)} ms`,
  )
  if (failures > 0) console.error(`${failures} sign-ins or round trips failed`)
} finally {
  await Promise.all([server.stop(), limited.stop()])
  rmSync(dataDir, { recursive: true, force: true })
}

if (safeCount > 0) {
  console.log(`\nSafe watcher, ${safeCount} Safes watched on the local chain (a block a second):`)
  const { many, changeEndedMs } = await measureSafeWatchRpc({
    safes: safeCount,
    windowMs: safeWatchWindowMs,
    blockTimeSeconds: 1,
    measureOneSafe: false,
    log: (line) => console.log(`  ${line}`),
  })
  console.log(
    `  Safe watcher: ${many.callsPerMinute} JSON-RPC calls/min for ${many.watched} Safes ` +
      `(naive per-Safe-per-block: ${many.naiveCallsPerMinute}/min)`,
  )
  if (changeEndedMs === undefined) failures += 1
}
process.exit(failures > 0 ? 1 : 0)

function percentile(numbers: number[], fraction: number): number {
  const sorted = [...numbers].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
