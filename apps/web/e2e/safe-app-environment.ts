import { createServer as createHttpServer, type Server } from 'node:http'
import { startDemoChain } from '@signet/devchain/demo'
import { freePort } from '@signet/devchain/free-port'
import { startSandboxHost } from '@signet/sandbox/host/sandbox-host'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import type { Address } from 'viem'
import { afterAll, beforeAll, type TestContext } from 'vitest'
import { keepScreenshot, launchBrowser, openPage } from './harness/browser.ts'
import {
  type SafeHostWorld,
  startLegacySafeAndGateway,
  startSignetOn,
  stopInOrder,
} from './harness/safe-host-world.ts'

/**
 * Signet framed by the sandbox Safe{Wallet} host on another site: Signet on http://localhost:<port>,
 * the host on http://127.0.0.1:<port>. One chain (Safes 1.4.1 2-of-3 and 1.1.1 2-of-3), the local
 * gateway, a stand-in block explorer, Signet configured with them (SIGNET_RPC_31337, SIGNET_GATEWAY_URL,
 * SIGNET_SAFE_HOSTS, SIGNET_EXPLORER_31337), the host and a browser, for a whole test file.
 * `SIGNET_E2E_WEB_DIST` points at another build of the app.
 */
export type SafeAppEnvironment = SafeHostWorld & { explorer: FakeExplorer }

/** `env`: more server environment (e.g. `SIGNET_NONCE_TTL`). */
export function useSafeAppEnvironment(env: Record<string, string> = {}): SafeAppEnvironment {
  const environment = {} as SafeAppEnvironment
  let dataDir: string | undefined
  beforeAll(async () => {
    const [chain, browser] = await Promise.all([startDemoChain(), launchBrowser()])
    Object.assign(environment, { chain, browser })
    const world = await startLegacySafeAndGateway(chain, 111n)
    const { deployments } = world
    Object.assign(environment, { legacySafe: world.legacySafe, gateway: world.gateway })
    environment.explorer = await startFakeExplorer()
    const hostPort = await freePort()
    ;({ signet: environment.signet, dataDir } = await startSignetOn('safe-app', environment, {
      SIGNET_SAFE_HOSTS: `http://127.0.0.1:${hostPort}`,
      SIGNET_EXPLORER_31337: environment.explorer.url,
      ...env,
    }))
    environment.host = await startSandboxHost({
      appUrl: `${environment.signet.url}/`,
      rpcUrl: chain.anvil.rpcUrl,
      chainId: 31337,
      safes: [
        { address: chain.demoSafe.address, ownerKeys: chain.demoSafe.ownerKeys },
        { address: environment.legacySafe, ownerKeys: chain.demoSafe.ownerKeys },
      ],
      deployments,
      gatewayUrl: environment.gateway.url,
      port: hostPort,
    })
  })
  afterAll(async () => {
    const { browser, host, signet, gateway, explorer, chain } = environment
    await stopInOrder([browser, host, signet, gateway, explorer, chain], dataDir)
  })
  return environment
}

export type HostPage = { page: Page; app: FrameLocator; console: string[] }

/** A fresh browser context on the host page (optionally another Safe), Signet in its frame. */
export async function openHostPage(
  environment: SafeAppEnvironment,
  test: TestContext,
  options: { safe?: Address; appQuery?: string } = {},
): Promise<HostPage> {
  const opened = await openPage(environment.browser)
  test.onTestFailed(async () => {
    const path = await keepScreenshot(opened.page, test.task.name)
    console.error(`screenshot: ${path}\nbrowser console:\n${opened.console.slice(-30).join('\n')}`)
  })
  const query = new URLSearchParams({
    ...(options.safe ? { safe: options.safe } : {}),
    ...(options.appQuery ? { appQuery: options.appQuery } : {}),
  })
  await opened.page.goto(`${environment.host.url}/${query.size > 0 ? `?${query}` : ''}`)
  return { page: opened.page, app: opened.page.frameLocator('#safe-app'), console: opened.console }
}

/** The host's owner buttons are named after the owner's position, e.g. "Sign as Owner 2". */
export function ownerButton(page: Page | Locator, verb: 'Sign' | 'Propose' | 'Confirm', owner: number) {
  return page.getByRole('button', { name: `${verb} as Owner ${owner}`, exact: true })
}

/** A block explorer stand-in: every page says which path it is. */
export type FakeExplorer = { url: string; stop(): Promise<void> }

async function startFakeExplorer(): Promise<FakeExplorer> {
  const server: Server = createHttpServer((request, response) => {
    response.setHeader('content-type', 'text/plain')
    response.end(`Explorer page ${request.url}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
