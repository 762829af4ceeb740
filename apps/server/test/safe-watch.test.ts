import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createSafe } from '@signet/devchain/safe'
import type { SafeVersion } from '@signet/devchain/safe-deploy'
import { deploySafeFixture, SAFE_FIXTURE_OWNERS, type SafeFixture } from '@signet/devchain/safe-fixture'
import { changeSafeThreshold, removeSafeOwner } from '@signet/devchain/safe-owner-changes'
import { devClient } from '@signet/devchain/send-transactions'
import * as client from 'openid-client'
import { type Address, getAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAuditEvents } from '../src/audit/audit-store.ts'
import type { AccountEnded } from '../src/safe-watch/account-ended-hooks.ts'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import {
  CookieJar,
  followToInteractionOrApp,
  type MessageSigner,
  signInThroughInteraction,
} from './oidc-browser.ts'
import { safeSigner, sessionStatus, signInOverHttp, waitFor } from './safe-signer.ts'
import { freshSignInMessage, postVerify } from './sign-in-client.ts'

// A Safe signed in on Signet (HTTP sign-in, and an OpenID Connect login with tokens) changes on a real
// anvil chain with the real Safe bytecode: its sessions, grants and tokens end within 30 s.

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

let anvil: Anvil
let fixture: SafeFixture
let dataDir: string
let signet: RunningSignet
const announced: AccountEnded[] = []
let salt = 100n

const ownerKeys = () => anvil.accounts.slice(0, 3).map((account) => account.privateKey as Hex)

function env(databaseFile: string): Record<string, string> {
  return {
    PORT: '0',
    DATABASE_URL: databaseFile,
    SIGNET_RPC_31337: anvil.rpcUrl,
    SIGNET_RATE_LIMIT: 'off',
    SIGNET_OIDC_CLIENTS: JSON.stringify(clients),
    SIGNET_SAFE_WATCH_INTERVAL: '200ms',
    LOG_LEVEL: 'silent',
  }
}

async function start(): Promise<RunningSignet> {
  const running = await startSignet({
    env: env(join(dataDir, 'signet.sqlite')),
    webDist: join(dataDir, 'no-web'),
  })
  running.accountEnded.subscribe((event) => {
    announced.push(event)
  })
  return running
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'signet-safe-watch-'))
  anvil = await startAnvil()
  fixture = await deploySafeFixture(anvil.rpcUrl)
  signet = await start()
}, 180_000)

afterAll(async () => {
  await signet?.stop()
  await anvil?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A fresh 2-of-3 Safe of the fixture owners (anvil accounts 0–2). */
async function freshSafe(version: SafeVersion): Promise<Address> {
  salt += 1n
  return createSafe({
    rpcUrl: anvil.rpcUrl,
    deployment: fixture.deployments[version],
    owners: [...SAFE_FIXTURE_OWNERS],
    threshold: 2,
    saltNonce: salt,
  })
}

/** An OpenID Connect login of `signer` at the running Signet, exchanged for tokens by the application. */
async function oidcLogin(signer: MessageSigner) {
  const config = await client.discovery(
    new URL(`${signet.url}/oidc`),
    'dashboard',
    undefined,
    client.None(),
    {
      execute: [client.allowInsecureRequests],
    },
  )
  const verifier = client.randomPKCECodeVerifier()
  const authorization = client.buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope: 'openid eth safe',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  const jar = new CookieJar()
  const interaction = await followToInteractionOrApp(jar, authorization.href, signet.url)
  const returned = await signInThroughInteraction(jar, interaction, signer)
  const tokens = await client.authorizationCodeGrant(config, returned, { pkceCodeVerifier: verifier })
  return { config, tokens }
}

async function oidcRowsOf(accountId: string): Promise<number> {
  const row = await signet.db
    .selectFrom('oidc_models')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

const accountIdOf = (safe: Address) => `eip155:31337:${getAddress(safe)}`
const headNumber = async () => Number(await devClient(anvil.rpcUrl).getBlockNumber({ cacheTime: 0 }))

describe('a Safe that changes on chain', () => {
  const cases: { version: SafeVersion; change: 'removeOwner' | 'changeThreshold'; events: string[] }[] = [
    { version: '1.1.1', change: 'removeOwner', events: ['RemovedOwner'] },
    { version: '1.3.0', change: 'changeThreshold', events: ['ChangedThreshold'] },
    { version: '1.4.1', change: 'removeOwner', events: ['RemovedOwner', 'ChangedThreshold'] },
    { version: '1.5.0', change: 'changeThreshold', events: ['ChangedThreshold'] },
  ]

  it.each(cases)(
    'Safe $version, $change: the session answers 401 and its OpenID Connect rows are gone within 30 s',
    async ({ version, change, events }) => {
      const safe = await freshSafe(version)
      const signer = safeSigner(safe, version, ownerKeys().slice(0, 2))
      const cookie = await signInOverHttp(signet.url, signet.url, signer)
      const { config, tokens } = await oidcLogin(signer)
      const accountId = accountIdOf(safe)
      expect(tokens.claims()).toMatchObject({ sub: accountId, safe_threshold: 2 })
      expect(await client.fetchUserInfo(config, tokens.access_token, accountId)).toMatchObject({
        sub: accountId,
      })
      expect(await oidcRowsOf(accountId)).toBeGreaterThan(0)
      // Another Safe and an EOA, signed in too, must keep their sessions.
      const bystanderSafe = await freshSafe(version)
      const bystanderCookie = await signInOverHttp(
        signet.url,
        signet.url,
        safeSigner(bystanderSafe, version, ownerKeys().slice(0, 2)),
      )
      const eoaCookie = await signInOverHttp(
        signet.url,
        signet.url,
        privateKeyToAccount(generatePrivateKey()),
      )
      // A second sign-in of the Safe waiting for its co-owners (pending): it must not complete after the change.
      const pendingMessage = await freshSignInMessage(signet.url, safe, signet.url)
      const held = await fetch(`${signet.url}/api/auth/pending`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: pendingMessage }),
      })
      expect(held.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(await sessionStatus(signet.url, cookie)).toBe(200)

      const { transactionHash } =
        change === 'removeOwner'
          ? await removeSafeOwner({
              rpcUrl: anvil.rpcUrl,
              safe,
              ownerKeys: ownerKeys().slice(0, 2),
              owner: SAFE_FIXTURE_OWNERS[2],
              threshold: version === '1.4.1' ? 1 : 2,
            })
          : await changeSafeThreshold({
              rpcUrl: anvil.rpcUrl,
              safe,
              ownerKeys: ownerKeys().slice(0, 2),
              threshold: 1,
            })
      const changeBlock = await headNumber()

      const took = await waitFor(
        async () => (await sessionStatus(signet.url, cookie)) === 401,
        30_000,
        'session ended',
      )
      expect(took).toBeLessThan(30_000)
      expect(await oidcRowsOf(accountId)).toBe(0)
      const completed = await postVerify(
        signet.url,
        pendingMessage,
        await safeSigner(safe, version, ownerKeys()).signMessage({ message: pendingMessage }),
      )
      expect(completed.body).toMatchObject({ error: { code: 'invalid_nonce' } })
      await expect(client.fetchUserInfo(config, tokens.access_token, accountId)).rejects.toThrow()
      expect(await sessionStatus(signet.url, bystanderCookie)).toBe(200)
      expect(await sessionStatus(signet.url, eoaCookie)).toBe(200)

      // The subscribers hear of it after the audit trail is written.
      await waitFor(async () => announced.some((event) => event.accountId === accountId), 5_000, 'announced')
      const mine = announced.filter((event) => event.accountId === accountId)
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({
        reason: 'safe_changed',
        change: { txHash: transactionHash, blockNumber: changeBlock, events },
      })
      expect(mine[0]?.ended.sessions.length).toBeGreaterThanOrEqual(1)

      const trail = await readAuditEvents(signet.db, {
        account: { address: getAddress(safe), chainId: 31337 },
      })
      const ended = trail.filter((event) => event.type === 'session.ended')
      expect(ended.length).toBeGreaterThanOrEqual(1)
      for (const event of ended)
        expect(event.details).toMatchObject({
          reason: 'safe_changed',
          events,
          tx: transactionHash,
          block: changeBlock,
        })
      expect(trail.filter((event) => event.type === 'safe.changed')).toHaveLength(1)
      const cancelled = trail.filter((event) => event.type === 'safe_sign_in.cancelled')
      expect(cancelled).toHaveLength(1)
      expect(cancelled[0]?.details).toMatchObject({ reason: 'safe_changed', tx: transactionHash })
    },
    60_000,
  )

  it('ends the sessions of a change made while Signet was stopped, once it is back (cursor resume)', async () => {
    const safe = await freshSafe('1.4.1')
    const cookie = await signInOverHttp(
      signet.url,
      signet.url,
      safeSigner(safe, '1.4.1', ownerKeys().slice(0, 2)),
    )
    await new Promise((resolve) => setTimeout(resolve, 600))
    await signet.stop()

    const { transactionHash } = await changeSafeThreshold({
      rpcUrl: anvil.rpcUrl,
      safe,
      ownerKeys: ownerKeys().slice(0, 2),
      threshold: 3,
    })
    // More blocks on top while Signet is down: the watcher must go back to its cursor, not start at the head.
    await devClient(anvil.rpcUrl).request({ method: 'anvil_mine' as never, params: ['0x50'] as never })

    signet = await start()
    const took = await waitFor(
      async () => (await sessionStatus(signet.url, cookie)) === 401,
      30_000,
      'session ended',
    )
    expect(took).toBeLessThan(30_000)
    const row = await signet.db
      .selectFrom('safe_changes')
      .selectAll()
      .where('address', '=', getAddress(safe))
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ tx_hash: transactionHash, events: '["ChangedThreshold"]' })
  }, 60_000)
})
