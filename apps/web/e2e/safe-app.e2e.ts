import { createServer, type Server } from 'node:http'
import { createGatewayClient } from '@signet/gateway/client'
import type { Frame, FrameLocator, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseAbiItem } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openPage } from './harness/browser.ts'
import { takeCspViolations } from './harness/csp-violations.ts'
import {
  openHostPage,
  ownerButton,
  type SafeAppEnvironment,
  useSafeAppEnvironment,
} from './safe-app-environment.ts'

// The app polls the gateway and the host every 1.5 s: give each expectation room for a few rounds.
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } })

/** The frame of Signet inside the host page (for provider calls). */
function appFrame(page: Page, environment: SafeAppEnvironment): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(environment.signet.url))
  if (!frame) throw new Error('Signet is not framed')
  return frame
}

function providerCall(frame: Frame, method: string, params: unknown[]) {
  return frame.evaluate(
    ([method, params]) =>
      (
        window as unknown as { signetSafeAppProvider: { request(a: unknown): Promise<unknown> } }
      ).signetSafeAppProvider
        .request({ method, params })
        .then(
          (result) => ({ result }),
          (error: Error) => ({ error: error.message }),
        ),
    [method, params] as const,
  )
}

/** The chain transaction that executed a Safe transaction, read from the Safe's ExecutionSuccess event. */
async function executionTransaction(environment: SafeAppEnvironment, safeTxHash: string): Promise<Hex> {
  const client = createPublicClient({ transport: http(environment.chain.anvil.rpcUrl) })
  const [log] = await client.getLogs({
    address: environment.chain.demoSafe.address,
    event: parseAbiItem('event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)'),
    args: { txHash: safeTxHash as Hex },
    fromBlock: 0n,
  })
  if (!log?.transactionHash) throw new Error(`${safeTxHash} was not executed`)
  return log.transactionHash
}

/** The page a click opens (RainbowKit's links open in a new tab). */
async function popupOf(page: Page, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), click()])
  return popup
}

/** The Safe App's button opens RainbowKit's "Verify your account"; its "Sign message" asks the Safe. */
async function startSignIn(app: FrameLocator) {
  await app.getByRole('button', { name: 'Sign in as this Safe' }).click({ timeout: 15_000 })
  await app.getByRole('dialog').getByRole('button', { name: 'Sign message' }).click()
}

describe('Signet as a Safe App, framed by the sandbox host on another site', () => {
  const environment = useSafeAppEnvironment()

  it('auto-connects as the 2-of-3 Safe and shows its context, read through the host', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    const safe = environment.chain.demoSafe
    await expect
      .poll(() => app.getByTestId('safe-address').textContent(), { timeout: 15_000 })
      .toBe(safe.address)
    expect(await app.getByTestId('safe-threshold').textContent()).toBe('2 of 3 owners')
    expect(await app.getByTestId('safe-version').textContent()).toBe('1.4.1')
    expect(await app.getByTestId('safe-owners').locator('li').allTextContents()).toEqual(safe.owners)
    await expect.poll(() => app.getByTestId('safe-chain').textContent()).toBe('Local chain (chain 31337)')
    // No wallet list was needed: the connect dialog never opened.
    expect(await app.getByRole('dialog').count()).toBe(0)
    // The balance came through the host's rpcCall.
    await expect.poll(() => app.getByTestId('safe-balance').textContent()).toBe('0 ETH')
    await expect.poll(() => page.getByTestId('host-log').textContent()).toContain('← rpcCall eth_getBalance')
  })

  it('relays reads to the host and refuses what the Safe provider does not implement', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    await app.getByTestId('safe-address').waitFor({ timeout: 15_000 })
    const frame = appFrame(page, environment)
    const code = await providerCall(frame, 'eth_getCode', [environment.chain.demoSafe.address, 'latest'])
    expect(code).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{100,}$/) })
    await expect.poll(() => page.getByTestId('host-log').textContent()).toContain('← rpcCall eth_getCode')
    expect(await providerCall(frame, 'eth_subscribe', ['newHeads'])).toEqual({
      error: '"eth_subscribe" not implemented',
    })
    const other = environment.chain.demoSafe.owners[0]
    expect(await providerCall(frame, 'personal_sign', ['0x68656c6c6f', other])).toEqual({
      error: 'The address or message hash is invalid',
    })
    // The manifest Safe{Wallet} fetches is readable cross-origin, from the host's site.
    const manifest = await page.evaluate(
      async (url) => (await fetch(`${url}/manifest.json`)).json(),
      environment.signet.url,
    )
    expect(manifest).toMatchObject({ name: 'Signet', iconPath: 'safe-app-icon.svg' })
  })

  it('reads the address book once the permission is granted', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    await app.getByRole('button', { name: 'Read address book' }).click({ timeout: 15_000 })
    await page.getByTestId('permission-request').getByRole('button', { name: 'Allow' }).click()
    const book = app.getByTestId('address-book')
    await book.waitFor()
    expect(await book.textContent()).toContain(`Owner 2 ${environment.chain.demoSafe.owners[1]}`)
    expect(await page.getByText('Granted: requestAddressBook').count()).toBe(1)
  })

  it('shows Permissions rejected (code 4001) when the host rejects the permission', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    await app.getByRole('button', { name: 'Read address book' }).click({ timeout: 15_000 })
    await page.getByTestId('permission-request').getByRole('button', { name: 'Reject' }).click()
    const error = app.getByTestId('address-book-error')
    await error.waitFor()
    expect(await error.textContent()).toBe('Permissions rejected (code 4001)')
    expect(await app.getByTestId('address-book').count()).toBe(0)
  })

  it('signs in off-chain once the second owner confirms, with progress, and the session holds in the frame', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    const safe = environment.chain.demoSafe
    await startSignIn(app)
    const request = page.getByTestId('message-request')
    await request.waitFor()
    expect(await request.locator('pre').textContent()).toContain(
      `${new URL(environment.signet.url).host} wants you to sign in`,
    )
    const confirmations = app.getByTestId('safe-sign-confirmations')
    await expect.poll(() => confirmations.textContent()).toBe('0 of 2 owners confirmed')

    await ownerButton(page, 'Sign', 2).click()
    await expect.poll(() => confirmations.textContent()).toBe('1 of 2 owners confirmed')
    expect(await app.getByTestId('safe-sign-progress').textContent()).toContain('Transactions → Messages')
    await ownerButton(page, 'Sign', 1).click()

    const session = app.getByTestId('safe-session')
    await session.waitFor()
    expect(await session.textContent()).toContain(
      `Signed in as ${safe.address} (contract account, chain 31337)`,
    )

    // The session is a partitioned cookie under the host's site: a reload of the host keeps it…
    const cookies = await page.context().cookies(environment.signet.url)
    expect(cookies.find((cookie) => cookie.name === 'signet_session')).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      partitionKey: 'http://127.0.0.1',
    })
    await page.reload()
    await app.getByTestId('safe-session').waitFor({ timeout: 15_000 })
    // …and Signet opened on its own site does not see it (the standalone cookie is untouched).
    const standalone = await page.context().newPage()
    await standalone.goto(environment.signet.url)
    expect(await standalone.evaluate(async () => (await fetch('/api/auth/session')).status)).toBe(401)
  })

  it('returns to the verify view with the signing error when the host rejects', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    await startSignIn(app)
    await page.getByTestId('message-request').getByRole('button', { name: 'Reject' }).click()
    const dialog = app.getByRole('dialog')
    await dialog.getByText('Error signing message, please retry!').waitFor()
    expect(await dialog.getByRole('button', { name: 'Sign message' }).isEnabled()).toBe(true)
    expect(await app.getByTestId('safe-sign-failure').textContent()).toBe(
      'Last attempt: Transaction was rejected',
    )
  })

  it('gives up waiting for the owners after the time-out, and a retry signs in', async (test) => {
    const { page, app } = await openHostPage(environment, test, { appQuery: 'safeSignTimeoutMs=4000' })
    await startSignIn(app)
    await page.getByTestId('message-request').waitFor()
    await ownerButton(page, 'Sign', 1).click()
    await expect
      .poll(() => app.getByTestId('safe-sign-confirmations').textContent())
      .toBe('1 of 2 owners confirmed')
    const dialog = app.getByRole('dialog')
    await dialog.getByText('Error signing message, please retry!').waitFor({ timeout: 10_000 })
    expect(await app.getByTestId('safe-sign-failure').textContent()).toBe(
      'Last attempt: The Safe did not sign within 4 s.',
    )

    await dialog.getByRole('button', { name: 'Sign message' }).click()
    const retried = page.getByTestId('message-request').last()
    await expect.poll(() => page.getByTestId('message-request').count()).toBe(2)
    await ownerButton(retried, 'Sign', 2).click()
    await ownerButton(retried, 'Sign', 3).click()
    await app.getByTestId('safe-session').waitFor()
  })

  it('signs in on-chain after the Safe transaction executes, tracked by its safeTxHash', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    await page.getByLabel('On-chain (a Safe transaction)').check()
    await startSignIn(app)
    await page.getByTestId('transaction-request').waitFor()
    await ownerButton(page, 'Propose', 1).click()

    const safeTxHash = app.getByTestId('safe-tx-hash')
    await safeTxHash.waitFor()
    const hash = (await safeTxHash.textContent())?.replace('safeTxHash ', '') ?? ''
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect
      .poll(() => app.getByTestId('safe-tx-status').textContent())
      .toContain('1 of 2 owners confirmed')

    const queued = page.locator(`[data-safe-tx-hash="${hash}"]`)
    await ownerButton(page, 'Confirm', 2).click()
    await queued.getByRole('button', { name: 'Execute' }).click()
    await expect.poll(() => queued.getByTestId('transaction-status').textContent()).toContain('SUCCESS')

    const session = app.getByTestId('safe-session')
    await session.waitFor({ timeout: 20_000 })
    expect(await session.textContent()).toContain(`Signed in as ${environment.chain.demoSafe.address}`)

    // Recent transactions hold the safeTxHash (not a chain transaction hash) and its outcome.
    const frame = appFrame(page, environment)
    await expect
      .poll(async () => {
        const stored = JSON.parse(
          (await frame.evaluate(() => localStorage.getItem('rk-transactions'))) ?? '{}',
        )
        return Object.values(stored).flatMap((byChain) => Object.values(byChain as object).flat())
      })
      .toContainEqual(expect.objectContaining({ hash, status: 'confirmed' }))
    await app.getByRole('button', { name: 'Open profile' }).click()
    await app.getByText('Sign-in message signed on-chain by the Safe').waitFor()

    // Its explorer link goes through Signet, which leads the safeTxHash to the execution's chain
    // transaction: the explorer is asked for a transaction that exists.
    const execution = await executionTransaction(environment, hash)
    expect(execution).not.toBe(hash)
    const link = app.locator('a', { hasText: 'Sign-in message signed on-chain by the Safe' })
    expect(await link.getAttribute('href')).toBe(`${environment.signet.url}/explorer/31337/tx/${hash}`)
    const explorerPage = await popupOf(page, () => link.click())
    await expect.poll(() => explorerPage.url()).toBe(`${environment.explorer.url}/tx/${execution}`)
    expect(await explorerPage.textContent('body')).toBe(`Explorer page /tx/${execution}`)

    // The profile's address link goes the same way, to the Safe's page on the explorer.
    const safeLink = app.getByRole('link', { name: 'View more on explorer' })
    const safe = environment.chain.demoSafe.address
    expect(await safeLink.getAttribute('href')).toBe(
      `${environment.signet.url}/explorer/31337/address/${safe}`,
    )
    const addressPage = await popupOf(page, () => safeLink.click())
    await expect.poll(() => addressPage.url()).toBe(`${environment.explorer.url}/address/${safe}`)
  })

  it('leads a recent Safe transaction still awaiting its owners to its page on the Safe{Wallet} host, which shows it', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    const safe = environment.chain.demoSafe.address
    // Signed in (off-chain), so the profile opens.
    await startSignIn(app)
    await page.getByTestId('message-request').waitFor()
    await ownerButton(page, 'Sign', 1).click()
    await ownerButton(page, 'Sign', 2).click()
    await app.getByTestId('safe-session').waitFor()

    // A test transaction from the Safe: the host asks its owners, and the first one proposes it.
    await app.getByRole('button', { name: 'Send test transaction' }).click()
    const request = page.getByTestId('transaction-request')
    await request.waitFor()
    const hash = (await request.locator('.hash').textContent())?.replace('safeTxHash ', '') ?? ''
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // The host proposes it to the gateway with the first owner's signature, as Safe{Wallet} does.
    await ownerButton(request, 'Propose', 1).click()
    await expect.poll(() => app.getByText(`Sent test transaction ${hash.slice(0, 10)}…`).count()).toBe(1)

    await app.getByRole('button', { name: 'Open profile' }).click()
    const link = app.locator(`a[href="${environment.signet.url}/explorer/31337/tx/${hash}"]`)
    await link.waitFor()
    const safePage = await popupOf(page, () => link.click())
    await expect
      .poll(() => safePage.url())
      .toBe(`${environment.host.url}/transactions/tx?safe=anvil:${safe}&id=multisig_${safe}_${hash}`)

    // The host's transaction page: the Safe, the status, who confirmed, and the other owners' buttons.
    const status = safePage.getByTestId('transaction-status')
    await expect.poll(() => status.textContent()).toBe('AWAITING_CONFIRMATIONS · 1 of 2 confirmations')
    expect(await safePage.getByTestId('transaction-safe').textContent()).toBe(`anvil:${safe}`)
    const owners = environment.chain.demoSafe.owners
    expect(await safePage.getByTestId('transaction-confirmations').textContent()).toBe(
      `Confirmed by Owner 1 ${owners[0]}`,
    )
    expect(await safePage.locator('.hash').first().textContent()).toBe(`safeTxHash ${hash}`)
    await ownerButton(safePage, 'Confirm', 2).click()
    await expect.poll(() => status.textContent()).toBe('AWAITING_EXECUTION · 2 of 2 confirmations')
    expect(await safePage.getByRole('button', { name: 'Execute' }).count()).toBe(1)
    // The second owner's confirmation went to the gateway too.
    const gateway = createGatewayClient({ baseUrl: environment.gateway.url })
    expect(await gateway.getTransactionDetails(31337, hash)).toMatchObject({
      txStatus: 'AWAITING_EXECUTION',
      detailedExecutionInfo: {
        confirmations: [{ signer: { value: owners[0] } }, { signer: { value: owners[1] } }],
      },
    })

    // A link naming a transaction the host and its gateway do not know says so.
    const unknown = `0x${'ab'.repeat(32)}`
    await safePage.goto(
      `${environment.host.url}/transactions/tx?safe=anvil:${safe}&id=multisig_${safe}_${unknown}`,
    )
    const notFound = safePage.getByTestId('transaction-not-found')
    await notFound.waitFor()
    expect(await notFound.textContent()).toBe(
      `Transaction not found: Neither this host nor its gateway knows Safe transaction ${unknown}.`,
    )
  })

  it('signs in a Safe 1.1.1 (EIP-712 domain without the chain id)', async (test) => {
    const { page, app } = await openHostPage(environment, test, { safe: environment.legacySafe })
    await expect.poll(() => app.getByTestId('safe-version').textContent(), { timeout: 15_000 }).toBe('1.1.1')
    await startSignIn(app)
    await page.getByTestId('message-request').waitFor()
    await ownerButton(page, 'Sign', 1).click()
    await expect
      .poll(() => app.getByTestId('safe-sign-confirmations').textContent())
      .toBe('1 of 2 owners confirmed')
    await ownerButton(page, 'Sign', 3).click()
    const session = app.getByTestId('safe-session')
    await session.waitFor()
    expect(await session.textContent()).toContain(`Signed in as ${environment.legacySafe} (contract account`)
  })
})

describe('a hostile page on a third origin', () => {
  const environment = useSafeAppEnvironment()
  let hostile: Server
  let hostileUrl: string

  beforeAll(async () => {
    // Frames Signet and answers every SDK request as if it were Safe{Wallet}, with a made-up Safe.
    hostile = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html')
      response.end(`<!doctype html><title>Hostile</title>
<iframe id="app" src="${environment.signet.url}/" style="width:1000px;height:800px"></iframe>
<script>
  const fake = { safeAddress: '0x000000000000000000000000000000000000dEaD', chainId: 31337, threshold: 1,
    owners: ['0x000000000000000000000000000000000000dEaD'], isReadOnly: false, version: '1.4.1' }
  window.answered = 0
  window.addEventListener('message', (event) => {
    const { id, method } = event.data || {}
    if (!id || !method) return
    window.answered++
    const data = method === 'getSafeInfo' ? fake : method === 'rpcCall' ? '0x' : {}
    event.source.postMessage({ id, success: true, data, version: '9.1.0' }, '*')
  })
</script>`)
    })
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
    hostileUrl = `http://127.0.0.1:${(hostile.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())))

  it('is not allowed to frame Signet (frame-ancestors)', async () => {
    const { page, console } = await openPage(environment.browser)
    await page.goto(hostileUrl)
    await expect.poll(() => console.join('\n')).toContain(`Framing '${environment.signet.url}/' violates`)
    expect(page.frames().some((frame) => frame.url().startsWith(environment.signet.url))).toBe(false)
    // The violation this test provokes (Chromium's console line and the report it sends), taken so that
    // the harness's CSP hook does not count it.
    const seen: string[] = []
    await expect
      .poll(() => {
        seen.push(...takeCspViolations())
        return seen.length
      })
      .toBe(2)
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          `Framing '${environment.signet.url}/' violates the following Content Security Policy directive: "frame-ancestors 'self' `,
        ),
        `${environment.signet.url}/: report: frame-ancestors blocked ${environment.signet.url}/`,
      ]),
    )
  })

  it('gets its messages ignored even where the framing guard is missing', async () => {
    const { page, context } = await openPage(environment.browser)
    // As if a proxy dropped Signet's Content-Security-Policy: the hostile page can frame it.
    await context.route(`${environment.signet.url}/`, async (route) => {
      const response = await route.fetch()
      const headers = { ...response.headers() }
      delete headers['content-security-policy']
      await route.fulfill({ response, headers })
    })
    await page.goto(hostileUrl)
    const app = page.frameLocator('#app')
    await app.getByTestId('safe-app-unavailable').waitFor({ timeout: 15_000 })
    // The SDK asked, the hostile page answered, and Signet did not take the made-up Safe.
    expect(await page.evaluate(() => (window as unknown as { answered: number }).answered)).toBeGreaterThan(0)
    expect(await app.getByTestId('safe-address').count()).toBe(0)
    expect(await app.getByText('0x000000000000000000000000000000000000dEaD').count()).toBe(0)
    await context.close()
  })
})
