import { startDemoChain } from '@signet/devchain/demo'
import { startSandboxHost } from '@signet/sandbox/host/sandbox-host'
import {
  type LocalWalletConnectRelay,
  startLocalWalletConnectRelay,
} from '@signet/sandbox/walletconnect-relay/local-relay'
import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { afterAll, beforeAll, expect, type TestContext } from 'vitest'
import { keepScreenshot, launchBrowser, openPage } from './harness/browser.ts'
import { dialog, readQrCode } from './harness/rainbowkit.ts'
import {
  type SafeHostWorld,
  startLegacySafeAndGateway,
  startSignetOn,
  stopInOrder,
} from './harness/safe-host-world.ts'
import { testWalletConnectProjectId } from './harness/signet-server.ts'

/**
 * A Safe connected to Signet as a wallet over WalletConnect: the demo chain (a 2-of-3 Safe
 * 1.4.1 of accounts 0, 1, 2 and a 1-of-1 Safe of account 0) plus a 2-of-3 Safe 1.1.1 of the same
 * owners, the local gateway, the sandbox's local WalletConnect relay, Signet configured with them
 * (SIGNET_RPC_31337, SIGNET_GATEWAY_URL, SIGNET_WALLETCONNECT_RELAY_URL) and the sandbox Safe{Wallet}
 * host on the same relay, whose WalletConnect page answers as Safe{Wallet} does. Nothing is routed:
 * the page's WalletConnect code talks to the relay the server configured.
 */
export type SafeWalletConnectEnvironment = SafeHostWorld & { relay: LocalWalletConnectRelay }

export function useSafeWalletConnectEnvironment(): SafeWalletConnectEnvironment {
  const environment = {} as SafeWalletConnectEnvironment
  let dataDir: string | undefined
  beforeAll(async () => {
    const [chain, browser, relay] = await Promise.all([
      startDemoChain(),
      launchBrowser(),
      startLocalWalletConnectRelay(),
    ])
    Object.assign(environment, { chain, browser, relay })
    const world = await startLegacySafeAndGateway(chain, 1_111n)
    const { deployments } = world
    Object.assign(environment, { legacySafe: world.legacySafe, gateway: world.gateway })
    ;({ signet: environment.signet, dataDir } = await startSignetOn('safe-wc', environment, {
      SIGNET_WALLETCONNECT_PROJECT_ID: testWalletConnectProjectId,
      SIGNET_WALLETCONNECT_RELAY_URL: relay.url,
    }))
    environment.host = await startSandboxHost({
      appUrl: `${environment.signet.url}/`,
      rpcUrl: chain.anvil.rpcUrl,
      chainId: 31337,
      safes: [
        { address: chain.demoSafe.address, ownerKeys: chain.demoSafe.ownerKeys },
        { address: chain.singleOwnerSafe.address, ownerKeys: chain.singleOwnerSafe.ownerKeys },
        { address: environment.legacySafe, ownerKeys: chain.demoSafe.ownerKeys },
      ],
      deployments,
      gatewayUrl: environment.gateway.url,
      walletConnectRelayUrl: relay.url,
    })
  })
  afterAll(async () => {
    const { browser, host, signet, relay, gateway, chain } = environment
    await stopInOrder([browser, host, signet, relay, gateway, chain], dataDir)
  })
  return environment
}

export type ConnectedSafe = {
  /** Signet's page, the Safe connected over WalletConnect, RainbowKit's "Verify your account" open. */
  signet: Page
  /** The sandbox host's WalletConnect page (another browser context: another site, another person). */
  host: Page
  /** Opens the host's WalletConnect page again in a new tab (after the first one was closed). */
  reopenHost(): Promise<Page>
}

/**
 * Opens Signet and the host's WalletConnect page for `safe`, and connects them as a Safe user does:
 * "WalletConnect" in Signet's connect dialog, its `wc:` code pasted into Safe{Wallet}'s WalletConnect page.
 */
export async function connectSafeOverWalletConnect(
  environment: Pick<SafeWalletConnectEnvironment, 'browser' | 'host' | 'signet'>,
  test: TestContext,
  safe: Address,
  options: { beforeLoad?: (page: Page) => Promise<void> } = {},
): Promise<ConnectedSafe> {
  const signet = await openPage(environment.browser)
  const host = await openPage(environment.browser)
  test.onTestFinished(async () => {
    if (test.task.result?.state === 'fail') {
      for (const [name, opened] of [
        ['signet', signet],
        ['host', host],
      ] as const) {
        const path = await keepScreenshot(opened.page, `${test.task.name} ${name}`)
        console.error(`screenshot: ${path}\n${name} console:\n${opened.console.slice(-30).join('\n')}`)
      }
    }
    await signet.context.close()
    await host.context.close()
    // The host is shared by the file's tests: its settings go back to Safe{Wallet}'s defaults.
    await fetch(`${environment.host.url}/api/walletconnect/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ onChainSigning: false, mobileApp: false }),
    })
  })
  const hostUrl = `${environment.host.url}/walletconnect?safe=${safe}`
  await host.page.goto(hostUrl)
  await host.page.getByRole('button', { name: 'Connect', exact: true }).waitFor()
  await options.beforeLoad?.(signet.page)
  await signet.page.goto(`${environment.signet.url}/`, { waitUntil: 'domcontentloaded' })
  await signet.page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const modal = dialog(signet.page)
  await modal.getByText('Connect a Wallet', { exact: true }).waitFor()
  await modal.getByRole('button', { name: 'WalletConnect' }).click()
  const uri = await readQrCode(signet.page)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await host.page.getByRole('textbox', { name: 'Pairing code' }).fill(uri)
  await host.page.getByRole('button', { name: 'Connect', exact: true }).click()
  await host.page.getByTestId('walletconnect-session').first().waitFor({ timeout: 20_000 })
  await modal.getByText('Verify your account', { exact: true }).waitFor({ timeout: 20_000 })
  return {
    signet: signet.page,
    host: host.page,
    async reopenHost() {
      const page = await host.context.newPage()
      await page.goto(hostUrl)
      return page
    },
  }
}

/** RainbowKit's "Sign message": for a Safe, Signet takes over and shows its own progress. */
export async function askToSignIn(signet: Page): Promise<void> {
  await dialog(signet).getByRole('button', { name: 'Sign message' }).click()
  await signet.getByTestId('safe-account-sign-in').waitFor()
  await dialog(signet).waitFor({ state: 'detached' })
}

/** The host's open signing dialog (WalletConnect request). */
export function hostDialog(host: Page) {
  return host.getByTestId('walletconnect-request')
}

/** What the server says about this page's session. */
export async function sessionOf(page: Page): Promise<{ address: string; accountType: string } | undefined> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/session', { cache: 'no-store' })
    return response.ok ? response.json() : undefined
  })
}

/** Waits until the account area says "Signed in." and the server's session is the Safe's (`contract`). */
export async function expectSignedInAsSafe(signet: Page, safe: Address, timeout = 60_000): Promise<void> {
  await signet.getByTestId('sign-in-status').getByText('Signed in.', { exact: true }).waitFor({ timeout })
  expect(await sessionOf(signet)).toMatchObject({ address: safe, accountType: 'contract' })
  expect(await signet.getByTestId('safe-account-sign-in').count()).toBe(0)
}
