import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClient } from '../../../server/src/chain/chain-client.ts'
import { loadConfig } from '../../../server/src/config/config.ts'
import { toPublicConfig } from '../../../server/src/config/public-config.ts'
import { signInErrorCodes } from '../../../server/src/errors.ts'
import { createApp } from '../../../server/src/http/app.ts'
import { openDatabase, type StoreDatabase } from '../../../server/src/store/database.ts'
import { type AuthApi, AuthApiError, createAuthApi } from './auth-api.ts'
import { createSignInMessage } from './sign-in-message.ts'
import { describeVerifyFailure, rejectionCodes } from './verify-failure.ts'

const location = { host: 'localhost:8787', origin: 'http://localhost:8787' }
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
// Nothing listens on port 9 (discard): the contract checks of chain 31337 cannot reach it.
const deadRpc = 'http://127.0.0.1:9'

/** The browser's API client against the real server app: chain 31337's RPC is down, chain 1 has none. */
function serverApi(db: StoreDatabase, options: { rateLimit?: boolean } = {}): AuthApi {
  const app = createApp({
    db,
    domain: location.host,
    origin: location.origin,
    chainIds: [31337, 1],
    clientFor: (chainId) =>
      chainId === 31337 ? createChainClient({ chainId, rpcUrls: [deadRpc] }) : undefined,
    sessionTtlMs: 86_400_000,
    nonceTtlMs: 600_000,
    publicConfig: toPublicConfig(
      {
        ...loadConfig({ SIGNET_RPC_31337: deadRpc, SIGNET_ORIGIN: location.origin }),
        origin: location.origin,
      },
      'http://gateway.test',
    ),
    safeHosts: ['https://app.safe.global'],
    rateLimit: { enabled: options.rateLimit ?? false, noncePerMinute: 10, verifyPerMinute: 1 },
    webDist: '/nonexistent',
    log: pino({ level: 'silent' }),
  })
  return createAuthApi({
    baseUrl: location.origin,
    fetch: async (input, init) => app.request(input as string, init),
  })
}

/** A fresh sign-in for `address` on `chainId`, signed by `signer` (the owner unless told otherwise). */
async function signedSignIn(api: AuthApi, chainId: number, signer = owner) {
  const message = createSignInMessage({
    address: owner.address,
    chainId,
    nonce: (await api.getNonce()).nonce,
    appName: 'Signet',
    location,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

async function failureOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(Error)
  return describeVerifyFailure(error)
}

describe('describeVerifyFailure, against the real server', () => {
  let dataDir: string
  let db: StoreDatabase

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-web-verify-'))
    db = await openDatabase({ kind: 'sqlite', path: join(dataDir, 'db.sqlite') })
  })
  afterAll(async () => {
    await db?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('counts exactly the server’s sign-in rule codes as rejections', () => {
    expect([...rejectionCodes].sort()).toEqual([...signInErrorCodes].sort())
  })

  it('a signature that proves another address is rejected (401 invalid_signature)', async () => {
    const api = serverApi(db)
    expect(await failureOf(api.verify(await signedSignIn(api, 1, stranger)))).toEqual({
      kind: 'rejected',
      code: 'invalid_signature',
    })
  })

  it('a message that breaks a rule is rejected (401 with the rule’s code)', async () => {
    const api = serverApi(db)
    const { message, signature } = await signedSignIn(api, 1)
    const replayed = { message, signature }
    await api.verify(replayed)
    expect(await failureOf(api.verify(replayed))).toEqual({ kind: 'rejected', code: 'invalid_nonce' })
    const foreign = message.replace(/^localhost:8787 /, 'evil.example ')
    expect(await failureOf(api.verify({ message: foreign, signature }))).toEqual({
      kind: 'rejected',
      code: 'domain_mismatch',
    })
  })

  it('a message the server cannot parse (400) is trouble: the page sent it, the signature is not at fault', async () => {
    const api = serverApi(db)
    const failure = await failureOf(api.verify({ message: 'not an EIP-4361 message', signature: '0x' }))
    expect(failure).toMatchObject({ kind: 'trouble' })
    expect(failure.kind === 'trouble' && failure.reason).toMatch(
      /^The sign-in service refused the request \(HTTP 400\): line 1: /,
    )
  })

  it('a contract check whose chain is unreachable (503 rpc_unavailable) is trouble, not a rejection', async () => {
    const api = serverApi(db)
    // Not the owner's EOA signature: only the account's chain could still prove it (ERC-1271).
    expect(await failureOf(api.verify(await signedSignIn(api, 31337, stranger)))).toEqual({
      kind: 'trouble',
      reason: 'The chain’s RPC is unreachable, so your signature could not be checked. Try again later.',
    })
  })

  it('a rate limit (429) is trouble, with the server’s Retry-After', async () => {
    const api = serverApi(db, { rateLimit: true })
    const first = await signedSignIn(api, 1)
    await api.verify(first)
    const refused = await api.verify(await signedSignIn(api, 1)).catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' })
    const wait = (refused as AuthApiError).retryAfterSeconds
    expect(wait).toBeGreaterThan(0)
    expect(describeVerifyFailure(refused)).toEqual({
      kind: 'trouble',
      reason: `Too many sign-in attempts. Try again in ${wait} s.`,
    })
  })

  it('an unreachable service, a failing one and a malformed answer are trouble', async () => {
    const offline = createAuthApi({ baseUrl: 'http://127.0.0.1:9' })
    expect(await failureOf(offline.verify({ message: 'm', signature: '0x' }))).toEqual({
      kind: 'trouble',
      reason: 'The sign-in service cannot be reached. Check your connection and try again.',
    })

    // What a proxy in front of the server may answer: an HTML error page.
    const proxied = (response: Response) => createAuthApi({ fetch: async () => response })
    const badGateway = new Response('<h1>502 Bad Gateway</h1>', {
      status: 502,
      headers: { 'content-type': 'text/html', 'retry-after': '30' },
    })
    expect(await failureOf(proxied(badGateway).verify({ message: 'm', signature: '0x' }))).toEqual({
      kind: 'trouble',
      reason: 'The sign-in service failed (HTTP 502). Try again in 30 s.',
    })
    const internal = new Response('{"error":{"code":"internal_error","message":"Something went wrong."}}', {
      status: 500,
    })
    expect(await failureOf(proxied(internal).verify({ message: 'm', signature: '0x' }))).toEqual({
      kind: 'trouble',
      reason: 'The sign-in service failed (HTTP 500). Try again later.',
    })
    const noSession = new Response('{"address":"0x1"}', { status: 200 })
    expect(await failureOf(proxied(noSession).verify({ message: 'm', signature: '0x' }))).toEqual({
      kind: 'trouble',
      reason: 'The sign-in service gave an answer Signet does not understand.',
    })
  })

  it('a 401 without a sign-in code (not Signet’s answer) is trouble too', () => {
    expect(describeVerifyFailure(new AuthApiError('http_error', 401, 'HTTP 401'))).toEqual({
      kind: 'trouble',
      reason: 'The sign-in service refused the request (HTTP 401): HTTP 401',
    })
    expect(describeVerifyFailure(new TypeError('boom'))).toEqual({
      kind: 'trouble',
      reason: 'Signet failed: boom',
    })
  })
})
