import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { type RunningSignet, startSignet } from '@signet/server'
import { createTranslator } from 'use-intl'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { type AuthApi, AuthApiError, createAuthApi } from './auth-api.ts'
import { createSignInMessage } from './sign-in-message.ts'
import { describeVerifyFailure as describeFailure, verifyTroubleText } from './verify-failure.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })
/** The failure with its trouble worded as the notice shows it, in English. */
function describeVerifyFailure(error: unknown) {
  const failure = describeFailure(error)
  return failure.kind === 'trouble'
    ? { kind: 'trouble', reason: verifyTroubleText(t, failure.reason) }
    : failure
}

const location = { host: 'localhost:8787', origin: 'http://localhost:8787' }
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
// Nothing listens on port 9 (discard): the contract checks of chain 1 cannot reach it.
const deadRpc = 'http://127.0.0.1:9'

/**
 * The real server (its public entry, `startSignet`) for the browser's API client: chain 31337 is a
 * live anvil, chain 1's RPC is down. Its origin is `location`'s, whatever port it listens on.
 */
async function startServer(dataDir: string, anvil: Anvil, options: { rateLimit?: boolean } = {}) {
  return startSignet({
    env: {
      PORT: '0',
      SIGNET_ORIGIN: location.origin,
      DATABASE_URL: join(mkdtempSync(join(dataDir, 'db-')), 'signet.sqlite'),
      SIGNET_RPC_31337: anvil.rpcUrl,
      SIGNET_RPC_1: deadRpc,
      SIGNET_GATEWAY_URL: 'http://gateway.test',
      SIGNET_RATE_LIMIT: options.rateLimit ? 'on' : 'off',
      SIGNET_RATE_LIMIT_VERIFY: '1',
      LOG_LEVEL: 'silent',
    },
    webDist: join(dataDir, 'no-web-app'),
  })
}

const apiOf = (signet: RunningSignet): AuthApi => createAuthApi({ baseUrl: signet.listenUrl })

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
  let anvil: Anvil
  let signet: RunningSignet
  let limited: RunningSignet

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-web-verify-'))
    anvil = await startAnvil()
    ;[signet, limited] = await Promise.all([
      startServer(dataDir, anvil),
      startServer(dataDir, anvil, { rateLimit: true }),
    ])
  })
  afterAll(async () => {
    await Promise.all([signet?.stop(), limited?.stop()])
    await anvil?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('a signature that proves another address is rejected (401 invalid_signature)', async () => {
    const api = apiOf(signet)
    expect(await failureOf(api.verify(await signedSignIn(api, 31337, stranger)))).toEqual({
      kind: 'rejected',
      code: 'invalid_signature',
    })
  })

  it('a message that breaks a rule is rejected (401 with the rule’s code)', async () => {
    const api = apiOf(signet)
    const { message, signature } = await signedSignIn(api, 31337)
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
    const api = apiOf(signet)
    const failure = await failureOf(api.verify({ message: 'not an EIP-4361 message', signature: '0x' }))
    expect(failure).toMatchObject({ kind: 'trouble' })
    // The server's own message is not shown: the catalogue's text for its code is.
    expect(failure.kind === 'trouble' && failure.reason).toBe(
      'The sign-in service refused the request (HTTP 400): The sign-in message could not be read.',
    )
  })

  it('a contract check whose chain is unreachable (503 rpc_unavailable) is trouble, not a rejection', async () => {
    const api = apiOf(signet)
    // Not the owner's EOA signature: only the account's chain could still prove it (ERC-1271).
    expect(await failureOf(api.verify(await signedSignIn(api, 1, stranger)))).toEqual({
      kind: 'trouble',
      reason: 'The chain’s RPC is unreachable, so your signature could not be checked. Try again later.',
    })
  })

  it('a rate limit (429) is trouble, with the server’s Retry-After', async () => {
    const api = apiOf(limited)
    const first = await signedSignIn(api, 31337)
    await api.verify(first)
    const refused = await api.verify(await signedSignIn(api, 31337)).catch((error: unknown) => error)
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
      reason:
        'The sign-in service refused the request (HTTP 401): The sign-in service gave an unexpected answer.',
    })
    expect(describeVerifyFailure(new TypeError('boom'))).toEqual({
      kind: 'trouble',
      reason: 'Signet failed: boom',
    })
  })
})
