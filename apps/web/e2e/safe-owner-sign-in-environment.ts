import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { createSafe } from '@signet/devchain/safe'
import type { PublicConfig } from '@signet/protocol/public-config'
import { type LocalGateway, startLocalGateway } from '@signet/sandbox/gateway/local-gateway'
import { type RunningSignet, startSignet } from '@signet/server'
import type { Locator, Page } from 'playwright-core'
import type { Address } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './harness/browser.ts'
import type { Fixture } from './harness/fixture.ts'
import { dialog } from './harness/rainbowkit.ts'

/**
 * Signing in as a Safe from an owner's own wallet: the demo chain (a 2-of-3 Safe of accounts
 * 0, 1, 2 and a 1-of-1 Safe of account 0), the local gateway, the real server configured with both
 * (SIGNET_RPC_31337, SIGNET_GATEWAY_URL, SQLite in a temp folder) and a browser, for a whole test file.
 * `fixture` plugs into the harness's `openTestPage`. `SIGNET_E2E_WEB_DIST` points at another build.
 */
export type OwnerSignInEnvironment = {
  chain: DemoChain
  gateway: LocalGateway
  signet: RunningSignet
  fixture: Fixture
  databasePath: string
  /** Another Safe 1.4.1 on the chain (the local gateway lists it), e.g. one a test may change. */
  createSafe(ownerIndexes: number[], threshold: number): Promise<Address>
  /** Every nonce not yet used expires now, as if its days had passed. */
  expireNonces(): Promise<number>
  /** When the nonce of `message` expires in the database (ms), or undefined. */
  nonceExpiry(message: string): Promise<number | undefined>
}

let saltNonce = 1_000n

/** `env`: more server environment (read when the server starts, so a getter may compute it late). */
export function useOwnerSignInEnvironment(env: Record<string, string> = {}): OwnerSignInEnvironment {
  const environment = {} as OwnerSignInEnvironment
  let dataDir: string | undefined
  beforeAll(async () => {
    const [chain, browser] = await Promise.all([startDemoChain(), launchBrowser()])
    environment.chain = chain
    environment.gateway = await startLocalGateway({
      rpcUrl: chain.anvil.rpcUrl,
      chainId: 31337,
      deployments: chain.deployments,
    })
    dataDir = await mkdtemp(join(tmpdir(), 'signet-safe-owner-'))
    environment.databasePath = join(dataDir, 'signet.sqlite')
    environment.signet = await startSignet({
      env: {
        PORT: '0',
        DATABASE_URL: environment.databasePath,
        SIGNET_MODE: 'demo',
        SIGNET_RATE_LIMIT: 'off',
        LOG_LEVEL: 'silent',
        SIGNET_RPC_31337: chain.anvil.rpcUrl,
        SIGNET_GATEWAY_URL: environment.gateway.url,
        ...env,
      },
      ...(process.env.SIGNET_E2E_WEB_DIST ? { webDist: process.env.SIGNET_E2E_WEB_DIST } : {}),
    })
    const url = environment.signet.url.replace(/\/$/, '')
    const config = (await (await fetch(`${url}/api/config`)).json()) as PublicConfig
    const name = config.chains.find((candidate) => candidate.id === 31337)?.name ?? 'Chain 31337'
    environment.fixture = {
      browser,
      signet: {
        url,
        config,
        chains: [{ id: 31337, name, rpcUrl: chain.anvil.rpcUrl }],
        accounts: chain.anvil.accounts.map(({ address, privateKey }) => ({ address, privateKey })),
        stop: () => environment.signet.stop(),
      },
    }
    environment.createSafe = (ownerIndexes, threshold) => {
      saltNonce += 1n
      return createSafe({
        rpcUrl: chain.anvil.rpcUrl,
        deployment: chain.deployments['1.4.1'],
        owners: ownerIndexes.map((index) => chain.anvil.accounts[index]?.address as Address),
        threshold,
        saltNonce,
      })
    }
    environment.expireNonces = async () => {
      const now = Date.now()
      const result = await environment.signet.db
        .updateTable('nonces')
        .set({ expires_at: now })
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    }
    environment.nonceExpiry = async (message) => {
      const nonce = /^Nonce: (\w+)$/m.exec(message)?.[1] ?? ''
      const row = await environment.signet.db
        .selectFrom('nonces')
        .select('expires_at')
        .where('nonce', '=', nonce)
        .executeTakeFirst()
      return row ? Number(row.expires_at) : undefined
    }
  })
  afterAll(async () => {
    await environment.fixture?.browser.close()
    await environment.signet?.stop()
    await environment.gateway?.stop()
    await environment.chain?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return environment
}

/** The list entry of one Safe in "Sign in as a Safe". */
export function ownedSafe(page: Page, safe: Address): Locator {
  return page.locator(`[data-testid="owned-safe"][data-safe="${safe}"]`)
}

/**
 * RainbowKit offers its own sign-in (as the connected account) right after connecting; these flows sign
 * in as a Safe instead, so that dialog is closed.
 */
export async function closeSignInDialog(page: Page): Promise<void> {
  const modal = dialog(page)
  if ((await modal.count()) === 0) return
  await modal.getByRole('button', { name: 'Close' }).click()
  await modal.waitFor({ state: 'detached' })
}

/** The pending sign-in this page keeps in localStorage, or null. */
export function storedPendingSignIn(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('signet.pendingSafeSignIn') ?? 'null'))
}

/** The server's view of this page's session (GET /api/auth/session). */
export function sessionOf(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/session', { cache: 'no-store' })
    return { status: response.status, body: await response.json() }
  })
}
