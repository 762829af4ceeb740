import { readSafe } from '@signet/devchain/safe'
import {
  execSafeTransaction,
  safeMessageHash,
  safeTransactionHash,
  signSafeMessage,
  signSafeTransaction,
} from '@signet/devchain/safe-signatures'
import { createGatewayClient } from '@signet/gateway/client'
import { deployTestToken, transferToken } from '@signet/sandbox/gateway/test-token'
import type { Locator, Page, Request, Route } from 'playwright-core'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hashMessage,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { keepScreenshot, openPage } from './harness/browser.ts'
import { type Fixture, openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet } from './harness/rainbowkit.ts'
import { installTestWallet } from './harness/test-wallet.ts'

// The Safe pages in demo mode: the server's own demo chain and local gateway (as `npm start`), so every
// figure on the page is the chain's. Gateway faults (500, time-out, malformed bodies) are injected with
// Playwright's routing on the gateway's URL; the time-out is the client's real 10 s one, reached with
// Playwright's fake clock.

const chainId = 31337
// One server (and its demo chain and local gateway) for the file: set by the outer describe.
let fixture: Fixture

const cors = { 'access-control-allow-origin': '*' }

function demoSafe(threshold: number): Address {
  const safe = fixture.signet.config.demoSafes?.find((candidate) => candidate.threshold === threshold)
  if (!safe) throw new Error(`the server has no demo Safe with threshold ${threshold}`)
  return safe.address as Address
}

function account(index: number): { address: Address; privateKey: Hex } {
  const found = fixture.signet.accounts[index]
  if (!found) throw new Error(`no demo account ${index}`)
  return found as { address: Address; privateKey: Hex }
}

const rpcUrl = () => fixture.signet.chains[0]?.rpcUrl as string
const gatewayUrl = () => fixture.signet.config.gatewayUrl.replace(/\/$/, '')

/** Whether a request URL is the gateway's `path` (checksum case aside). */
function isGatewayPath(url: URL, path: string): boolean {
  return url.origin === new URL(gatewayUrl()).origin && url.pathname.toLowerCase() === path.toLowerCase()
}

function answerJson(route: Route, status: number, body: unknown): Promise<void> {
  return route.fulfill({
    status,
    headers: cors,
    contentType: 'application/json',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

declare global {
  interface Window {
    /** `params` of every `wallet_watchAsset` the page sent to the test wallet (recorded below). */
    __watchAssetCalls?: unknown[]
  }
}

/**
 * A fresh page on a Safe's pages; `beforeLoad` runs before the app's first request (routes, clock).
 * With `wallet`, the test wallet is injected and its `wallet_watchAsset` requests are recorded with
 * their parameters (the harness's wallet records method names only).
 */
async function openSafePage(
  test: TestContext,
  safe: Address,
  options: { wallet?: boolean; beforeLoad?: (page: Page) => Promise<void> } = {},
): Promise<{ page: Page; console: string[] }> {
  const opened = await openPage(fixture.browser)
  test.onTestFinished(async () => {
    if (test.task.result?.state === 'fail') {
      const path = await keepScreenshot(opened.page, test.task.name)
      console.error(`screenshot: ${path}\nbrowser console:\n${opened.console.slice(-30).join('\n')}`)
    }
    await opened.context.close()
  })
  if (options.wallet) {
    await installTestWallet(opened.context, {
      accounts: fixture.signet.accounts.slice(0, 3),
      chains: fixture.signet.chains.map((chain) => ({
        id: chain.id,
        name: chain.name,
        rpcUrls: [chain.rpcUrl],
      })),
    })
    await opened.context.addInitScript(() => {
      const provider = window.__testWallet?.provider
      if (!provider) return
      const calls: unknown[] = []
      window.__watchAssetCalls = calls
      const request = provider.request.bind(provider)
      provider.request = (args) => {
        if (args.method === 'wallet_watchAsset') calls.push(args.params)
        return request(args)
      }
    })
  }
  await options.beforeLoad?.(opened.page)
  await opened.page.goto(`${fixture.signet.url}/#/safe/${chainId}/${safe}`, { waitUntil: 'domcontentloaded' })
  return opened
}

function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true })
}

/** The section's alert with exactly this text. */
function alertIn(page: Page, title: string, text: string): Locator {
  return section(page, title).getByRole('alert').getByText(text, { exact: true })
}

type SectionCase = {
  title: string
  /** The gateway client's call for that read, as its error texts name it. */
  call: string
  /** The gateway path of the read the section shows (its first page). */
  path: (safe: Address) => string
  loading: string
  /** A 200 answer of valid JSON in the wrong shape, and the error text it must give. */
  wrongShape: string
  wrongShapeText: string
  /** What the section shows once read, for the 1-of-1 demo Safe (untouched by these tests). */
  ready: (section: Locator) => Locator
}

const sections: SectionCase[] = [
  {
    title: 'Overview',
    call: 'getSafeInfo',
    path: (safe) => `/v1/chains/${chainId}/safes/${safe}`,
    loading: 'Loading Safe info…',
    wrongShape: '{"address":"0x"}',
    wrongShapeText:
      'Unexpected Safe Client Gateway response to getSafeInfo: address: Invalid input: expected object, received string',
    ready: (region) => region.getByTestId('safe-threshold').getByText('1 of 1 owner', { exact: true }),
  },
  {
    title: 'Balances',
    call: 'getBalances',
    path: (safe) => `/v1/chains/${chainId}/safes/${safe}/balances/usd`,
    loading: 'Loading balances…',
    wrongShape: '{"fiatTotal":0,"items":[]}',
    wrongShapeText:
      'Unexpected Safe Client Gateway response to getBalances: fiatTotal: Invalid input: expected string, received number',
    ready: (region) => region.getByTestId('balance-row').filter({ hasText: 'Ether' }).getByText('0 ETH'),
  },
  {
    title: 'Collectibles',
    call: 'getCollectiblesPage',
    path: (safe) => `/v2/chains/${chainId}/safes/${safe}/collectibles`,
    loading: 'Loading collectibles…',
    wrongShape: '{"results":"none"}',
    wrongShapeText:
      'Unexpected Safe Client Gateway response to getCollectiblesPage: results: Invalid input: expected array, received string',
    ready: (region) => region.getByText('No collectibles.', { exact: true }),
  },
  {
    title: 'Queued transactions',
    call: 'getTransactionQueue',
    path: (safe) => `/v1/chains/${chainId}/safes/${safe}/transactions/queued`,
    loading: 'Loading queued transactions…',
    wrongShape: '{"results":[{"type":"TRANSACTION"}]}',
    wrongShapeText:
      'Unexpected Safe Client Gateway response to getTransactionQueue: results[0].transaction: Invalid input: expected object, received undefined',
    ready: (region) => region.getByText('No queued transactions.', { exact: true }),
  },
  {
    title: 'History',
    call: 'getTransactionHistory',
    path: (safe) => `/v1/chains/${chainId}/safes/${safe}/transactions/history`,
    loading: 'Loading history…',
    wrongShape: '{"results":"none"}',
    wrongShapeText:
      'Unexpected Safe Client Gateway response to getTransactionHistory: results: Invalid input: expected array, received string',
    ready: (region) =>
      region.getByTestId('history-transactions').getByText(/^Safe created by 0x[0-9a-fA-F]{40}$/),
  },
  {
    title: 'Messages',
    call: 'getSafeMessages',
    path: (safe) => `/v1/chains/${chainId}/safes/${safe}/messages`,
    loading: 'Loading messages…',
    wrongShape: '{"results":[{"type":"MESSAGE","messageHash":"0x12"}]}',
    wrongShapeText:
      'Unexpected Safe Client Gateway response to getSafeMessages: results[0].status: Invalid option: expected one of "NEEDS_CONFIRMATION"|"CONFIRMED"',
    ready: (region) => region.getByText('No messages.', { exact: true }),
  },
]

/** The page is there (header, the Safe's title) and every section but `except` shows its data. */
async function expectOtherSectionsShown(page: Page, safe: Address, except?: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Safe ${safe}` }).waitFor()
  expect(await page.locator('.site-header').textContent()).toContain(fixture.signet.config.appName)
  for (const other of sections) {
    if (other.title === except) continue
    await other.ready(section(page, other.title)).waitFor()
    expect(await section(page, other.title).getByRole('alert').count()).toBe(0)
  }
}

/** A `<dl>`'s term–definition pairs, as shown. */
async function definitions(list: Locator): Promise<string[][]> {
  return list.evaluate((element) => {
    const pairs: string[][] = []
    for (const term of element.querySelectorAll('dt')) {
      pairs.push([term.textContent ?? '', term.nextElementSibling?.textContent ?? ''])
    }
    return pairs
  })
}

describe('Safe pages (demo mode: the server’s demo chain and local gateway)', () => {
  fixture = useSignet({ localChain: true })

  describe('Safe pages of the demo Safe (demo mode, local gateway)', () => {
    it('show the real owners, threshold, nonce, version and native balance from the local chain', async (test) => {
      const safe = demoSafe(2)

      // Fund the Safe from a demo account that no other test uses, so the balance is ours to know.
      const funder = privateKeyToAccount(account(7).privateKey)
      const wallet = createWalletClient({ account: funder, transport: http(rpcUrl()) })
      const chain = {
        id: chainId,
        name: 'Local chain',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl()] } },
      } as const
      await wallet.sendTransaction({ chain, to: safe, value: parseEther('1.25') })
      const onChain = await readSafe(rpcUrl(), safe)

      const { page } = await openTestPage(fixture, test, {
        wallet: false,
        path: `/#/safe/${chainId}/${safe}`,
      })
      await page.getByRole('heading', { name: 'Overview' }).waitFor()
      await page.getByTestId('safe-address').getByText(safe, { exact: true }).waitFor()
      expect(await page.getByTestId('safe-threshold').textContent()).toBe(
        `${onChain.threshold} of ${onChain.owners.length} owners`,
      )
      expect(await page.getByTestId('safe-nonce').textContent()).toBe(String(onChain.nonce))
      expect(await page.getByTestId('safe-version').textContent()).toBe(onChain.version)
      expect(onChain.version).toBe('1.4.1')
      expect(await page.getByTestId('safe-owners').getByRole('listitem').allTextContents()).toEqual(
        onChain.owners,
      )
      await page.getByTestId('safe-master-copy').getByText('Supported master copy').waitFor()

      const nativeRow = page.getByTestId('balance-row').filter({ hasText: 'ETH' })
      await nativeRow.getByText('1.25 ETH', { exact: true }).waitFor()
    })

    it('show the gateway’s error text for an address without a Safe', async (test) => {
      const notASafe = account(8).address
      const { page } = await openTestPage(fixture, test, {
        wallet: false,
        path: `/#/safe/${chainId}/${notASafe}`,
      })
      const overview = page.getByRole('region', { name: 'Overview' })
      await overview
        .getByRole('alert')
        .getByText(`404: No Safe deployed at ${notASafe}`, { exact: true })
        .waitFor()
    })

    it('the fiat picker starts at USD, offers the gateway’s codes, and reads the balances again in the one picked', async (test) => {
      const safe = demoSafe(1)
      const balanceReads: string[] = []
      const { page } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          page.on('request', (request: Request) => {
            const url = new URL(request.url())
            if (
              url.pathname
                .toLowerCase()
                .startsWith(`/v1/chains/${chainId}/safes/${safe}/balances/`.toLowerCase())
            )
              balanceReads.push(url.pathname.split('/').at(-1) as string)
          })
        },
      })
      const balances = section(page, 'Balances')
      const picker = balances.getByLabel('Currency')
      await balances.getByTestId('fiat-total').getByText('Total: $0.00', { exact: true }).waitFor()
      expect(await picker.inputValue()).toBe('USD')
      await picker.locator('option', { hasText: 'JPY' }).waitFor({ state: 'attached' })
      expect(await picker.locator('option').allTextContents()).toEqual(['USD', 'EUR', 'GBP', 'CHF', 'JPY'])
      expect(await balances.locator('caption').textContent()).toBe('Balances in USD')
      expect(balanceReads).toEqual(['usd'])

      await picker.selectOption('EUR')
      await balances.getByTestId('fiat-total').getByText('Total: €0.00', { exact: true }).waitFor()
      expect(await balances.locator('caption').textContent()).toBe('Balances in EUR')
      await balances.getByTestId('balance-row').filter({ hasText: 'Ether' }).getByText('0 ETH').waitFor()
      expect(balanceReads).toEqual(['usd', 'eur'])
    })

    it('empty states: no tokens, no collectibles, no queued transactions, no history, no messages', async (test) => {
      const safe = demoSafe(1)
      const { page } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          // The local gateway always lists the native token and the Safe's creation: an empty balance list
          // and history come as the real gateway would send them.
          await page.route(
            (url) => isGatewayPath(url, `/v1/chains/${chainId}/safes/${safe}/balances/usd`),
            (route) => answerJson(route, 200, { fiatTotal: '0', items: [] }),
          )
          await page.route(
            (url) => isGatewayPath(url, `/v1/chains/${chainId}/safes/${safe}/transactions/history`),
            (route) => answerJson(route, 200, { count: 0, next: null, previous: null, results: [] }),
          )
        },
      })
      await section(page, 'Balances').getByText('No tokens.', { exact: true }).waitFor()
      await section(page, 'Collectibles').getByText('No collectibles.', { exact: true }).waitFor()
      await section(page, 'Queued transactions')
        .getByText('No queued transactions.', { exact: true })
        .waitFor()
      await section(page, 'History').getByText('No transactions yet.', { exact: true }).waitFor()
      await section(page, 'Messages').getByText('No messages.', { exact: true }).waitFor()
      expect(await section(page, 'Balances').getByRole('table').count()).toBe(0)
      expect(await page.getByRole('alert').count()).toBe(0)
    })

    it('each section shows its loading text until the gateway answers', async (test) => {
      const safe = demoSafe(1)
      const held: Route[] = []
      const { page } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          await page.route(
            (url) => sections.some((candidate) => isGatewayPath(url, candidate.path(safe))),
            (route) => {
              held.push(route)
            },
          )
        },
      })
      for (const { title, loading } of sections) {
        await section(page, title).getByRole('status').getByText(loading, { exact: true }).waitFor()
      }
      await expect.poll(() => held.length).toBe(sections.length)
      for (const route of held.splice(0)) await route.continue()
      await expectOtherSectionsShown(page, safe)
      for (const { title, loading } of sections) {
        expect(await section(page, title).getByText(loading).count()).toBe(0)
      }
    })

    it('collectibles are listed by name (or token and id), a page at a time', async (test) => {
      const safe = demoSafe(1)
      const path = `/v2/chains/${chainId}/safes/${safe}/collectibles`
      const cursors: (string | null)[] = []
      const item = (id: string, name: string | null) => ({
        address: '0x5aFE3855358E112B5647B952709E6165e1c1eEEe',
        tokenName: 'Signet Keys',
        tokenSymbol: 'KEY',
        logoUri: '',
        id,
        uri: null,
        name,
        description: null,
        imageUri: null,
        metadata: null,
      })
      const { page } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          await page.route(
            (url) => isGatewayPath(url, path),
            (route) => {
              const cursor = new URL(route.request().url()).searchParams.get('cursor')
              cursors.push(cursor)
              return cursor === null
                ? answerJson(route, 200, {
                    count: 2,
                    next: `${gatewayUrl()}${path}?cursor=limit%3D1%26offset%3D1`,
                    previous: null,
                    results: [item('1', 'Golden key')],
                  })
                : answerJson(route, 200, { count: 2, next: null, previous: null, results: [item('7', null)] })
            },
          )
        },
      })
      const collectibles = section(page, 'Collectibles')
      await collectibles.getByText('Golden key', { exact: true }).waitFor()
      expect(await collectibles.getByRole('listitem').allTextContents()).toEqual([
        'Golden key KEY · 0x5aFE3855358E112B5647B952709E6165e1c1eEEe',
      ])
      await collectibles.getByRole('button', { name: 'Load more collectibles' }).click()
      await collectibles.getByText('Signet Keys #7', { exact: true }).waitFor()
      expect(await collectibles.getByRole('listitem').count()).toBe(2)
      expect(await collectibles.getByRole('button', { name: 'Load more collectibles' }).count()).toBe(0)
      expect(cursors).toEqual([null, 'limit=1&offset=1'])
    })

    describe('with a token, transactions and messages made through the chain and the local gateway', () => {
      const gateway = () => createGatewayClient({ baseUrl: gatewayUrl() })
      const messages = {
        pending: 'Signet e2e: a message one owner signed',
        confirmed: 'Signet e2e: a message two owners signed',
      }
      let token: Address
      let executedNonce: number
      let queuedNonce: number

      beforeAll(async () => {
        const safe = demoSafe(2)
        const owners = [account(0), account(1), account(2)]
        // An ERC-20 the Safe holds: 0.0009 TT (the token's deployer has 0.001 TT, 10^15 units, in all).
        token = await deployTestToken(rpcUrl(), account(5).privateKey)
        await transferToken(rpcUrl(), account(5).privateKey, token, safe, 9n * 10n ** 14n)

        // Executed: the Safe sends 0.0001 TT to account 9 (owners 0 and 1 sign; the gateway sees it on-chain).
        executedNonce = Number((await readSafe(rpcUrl(), safe)).nonce)
        await execSafeTransaction({
          rpcUrl: rpcUrl(),
          safe,
          ownerKeys: [owners[0]?.privateKey as Hex, owners[1]?.privateKey as Hex],
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [account(9).address, 10n ** 14n],
          }),
        })

        // Queued: a threshold change proposed to the gateway with owner 0's signature (1 of 2).
        queuedNonce = executedNonce + 1
        const ref = { safe, chainId, version: '1.4.1' }
        const tx = {
          to: safe,
          value: 0n,
          data: encodeFunctionData({
            abi: parseAbi(['function changeThreshold(uint256 _threshold)']),
            functionName: 'changeThreshold',
            args: [2n],
          }),
          nonce: BigInt(queuedNonce),
        }
        const signature = await signSafeTransaction(owners[0]?.privateKey as Hex, { ...ref, tx })
        await gateway().proposeTransaction(chainId, safe, {
          to: tx.to,
          value: '0',
          data: tx.data,
          nonce: String(queuedNonce),
          operation: 0,
          safeTxGas: '0',
          baseGas: '0',
          gasPrice: '0',
          gasToken: '0x0000000000000000000000000000000000000000',
          refundReceiver: '0x0000000000000000000000000000000000000000',
          safeTxHash: safeTransactionHash({ ...ref, tx }),
          sender: signature.owner,
          signature: signature.signature,
          origin: 'Signet e2e',
        })

        // Messages: one signed by owner 0 only, one by owners 1 and 2.
        const pendingRef = { ...ref, message: hashMessage(messages.pending) }
        const first = await signSafeMessage(owners[0]?.privateKey as Hex, pendingRef)
        await gateway().proposeSafeMessage(chainId, safe, {
          message: messages.pending,
          signature: first.signature,
        })
        const confirmedRef = { ...ref, message: hashMessage(messages.confirmed) }
        const byOwner1 = await signSafeMessage(owners[1]?.privateKey as Hex, confirmedRef)
        const byOwner2 = await signSafeMessage(owners[2]?.privateKey as Hex, confirmedRef)
        await gateway().proposeSafeMessage(chainId, safe, {
          message: messages.confirmed,
          signature: byOwner1.signature,
        })
        await gateway().confirmSafeMessage(chainId, safeMessageHash(confirmedRef), {
          signature: byOwner2.signature,
        })
      })

      it('queued and history transactions, as the gateway decodes them', async (test) => {
        const safe = demoSafe(2)
        const { page } = await openSafePage(test, safe)

        const queued = section(page, 'Queued transactions').getByTestId('transaction')
        await queued.first().waitFor()
        expect(await queued.count()).toBe(1)
        expect(await queued.locator('> div').first().textContent()).toBe('Change threshold (changeThreshold)')
        expect(await queued.getByTestId('transaction-status').textContent()).toBe('Awaiting confirmations')
        await queued.getByText(`· Nonce ${queuedNonce} · 1 of 2 confirmations ·`).waitFor()
        await queued.getByText('Decoded call', { exact: true }).click()
        const queuedCall = queued.locator('dl')
        await queuedCall.getByText('changeThreshold', { exact: true }).waitFor()
        expect(await definitions(queuedCall)).toEqual([
          ['To', safe],
          ['Operation', 'Call'],
          ['Method', 'changeThreshold'],
          ['_threshold (uint256)', '2'],
        ])

        const history = section(page, 'History')
        const sent = history
          .getByTestId('transaction')
          .filter({ hasText: `Sent 0.0001 TT to ${account(9).address}` })
        await sent.waitFor()
        expect(await sent.getByTestId('transaction-status').textContent()).toBe('Success')
        await sent.getByText(`· Nonce ${executedNonce} · 2 of 2 confirmations ·`).waitFor()
        await sent.getByText('Decoded call', { exact: true }).click()
        const sentCall = sent.locator('dl')
        await sentCall.getByText('transfer', { exact: true }).waitFor()
        expect(await definitions(sentCall)).toEqual([
          ['To', token],
          ['Operation', 'Call'],
          ['Method', 'transfer'],
          ['to (address)', account(9).address],
          ['value (uint256)', '100000000000000'],
        ])
        await history.getByText(/^Safe created by 0x[0-9a-fA-F]{40}$/).waitFor()
      })

      it('messages with their confirmation state', async (test) => {
        const safe = demoSafe(2)
        const { page } = await openSafePage(test, safe)
        const list = section(page, 'Messages').getByTestId('safe-message')
        const pending = list.filter({ hasText: messages.pending })
        const confirmed = list.filter({ hasText: messages.confirmed })
        await pending.waitFor()
        expect(await list.count()).toBe(2)
        expect(await pending.getByTestId('message-status').textContent()).toBe('Needs confirmation')
        expect(await pending.getByTestId('message-confirmations').textContent()).toBe('1 of 2 confirmations')
        await pending.getByText(`Proposed by ${account(0).address} ·`).waitFor()
        expect(await confirmed.getByTestId('message-status').textContent()).toBe('Confirmed')
        expect(await confirmed.getByTestId('message-confirmations').textContent()).toBe(
          '2 of 2 confirmations',
        )
        await confirmed.getByText('Confirmations', { exact: true }).click()
        expect(await confirmed.locator('details ul li').allTextContents()).toEqual([
          account(1).address,
          account(2).address,
        ])
      })

      it('lists the ERC-20; without a wallet “Add to wallet” says to connect one', async (test) => {
        const safe = demoSafe(2)
        const { page } = await openSafePage(test, safe)
        const row = section(page, 'Balances').getByTestId('balance-row').filter({ hasText: 'TestToken' })
        await row.getByText('0.0008 TT', { exact: true }).waitFor()
        const add = row.getByRole('button', { name: 'Add TT to wallet' })
        expect(await add.isDisabled()).toBe(true)
        expect(await row.getByText('Connect a wallet to add tokens to it', { exact: true }).count()).toBe(1)
        // The native token cannot be added to a wallet: no button on its row.
        const native = section(page, 'Balances').getByTestId('balance-row').filter({ hasText: 'Ether' })
        expect(await native.getByRole('button').count()).toBe(0)
      })

      it('“Add to wallet” asks the connected wallet to watch the token (wallet_watchAsset); a refusal is an error text', async (test) => {
        const safe = demoSafe(2)
        const { page } = await openSafePage(test, safe, { wallet: true })
        await connectTestWallet(page)
        const row = section(page, 'Balances').getByTestId('balance-row').filter({ hasText: 'TestToken' })
        const add = row.getByRole('button', { name: 'Add TT to wallet' })
        await add.click()
        await row.getByRole('status').getByText('TT added to your wallet', { exact: true }).waitFor()
        expect(await page.evaluate(() => window.__watchAssetCalls)).toEqual([
          { type: 'ERC20', options: { address: token, symbol: 'TT', decimals: 18 } },
        ])
        expect(
          await page.evaluate(() => window.__testWallet?.requests.filter((m) => m === 'wallet_watchAsset')),
        ).toEqual(['wallet_watchAsset'])

        await page.evaluate(() => window.__testWallet?.rejectNext('wallet_watchAsset'))
        await add.click()
        await row.getByRole('alert').getByText('User rejected the request.', { exact: true }).waitFor()
        expect(await page.evaluate(() => window.__watchAssetCalls?.length)).toBe(2)
      })

      it('a transaction whose details the gateway cannot give shows the error text in its decoded call', async (test) => {
        const safe = demoSafe(2)
        let fail = true
        const { page } = await openSafePage(test, safe, {
          beforeLoad: async (page) => {
            await page.route(
              (url) => url.pathname.startsWith(`/v1/chains/${chainId}/transactions/multisig_`),
              (route) =>
                fail
                  ? answerJson(route, 404, { code: 404, message: 'Transaction not found' })
                  : route.continue(),
            )
          },
        })
        const queued = section(page, 'Queued transactions').getByTestId('transaction')
        await queued.getByText('Decoded call', { exact: true }).click()
        await queued.getByRole('alert').getByText('404: Transaction not found', { exact: true }).waitFor()
        fail = false
        await queued.getByRole('alert').getByRole('button', { name: 'Retry' }).click()
        await queued.locator('dl').getByText('changeThreshold', { exact: true }).waitFor()
        expect(await queued.getByRole('alert').count()).toBe(0)
      })
    })
  })

  type Fault = '500' | 'not JSON' | 'wrong shape' | 'time-out' | 'none'

  describe('gateway faults reach each Safe page section as its error text, never a blank page', () => {
    it.for(sections)(
      '$title: a 500, a body that is not JSON, one of the wrong shape, a time-out; Retry recovers',
      async (faulty, test) => {
        const safe = demoSafe(1)
        let fault: Fault = '500'
        const requested: string[] = []
        const { page } = await openSafePage(test, safe, {
          beforeLoad: async (page) => {
            // The client's 10 s time-out, per attempt, is reached by moving this clock on.
            await page.clock.install()
            await page.route(
              (url) => isGatewayPath(url, faulty.path(safe)),
              async (route) => {
                requested.push(route.request().url())
                switch (fault) {
                  case '500':
                    return answerJson(route, 500, { code: 500, message: 'Internal server error' })
                  case 'not JSON':
                    return route.fulfill({
                      status: 200,
                      headers: cors,
                      contentType: 'text/html',
                      body: '<html><body>Welcome to nginx!</body></html>',
                    })
                  case 'wrong shape':
                    return answerJson(route, 200, faulty.wrongShape)
                  case 'time-out':
                    return // never answered
                  case 'none':
                    return route.continue()
                }
              },
            )
          },
        })
        const retry = section(page, faulty.title).getByRole('alert').getByRole('button', { name: 'Retry' })

        // A 500 is retried twice by the client, then its `code: message` is the section's error text.
        await alertIn(page, faulty.title, '500: Internal server error').waitFor()
        expect(requested).toHaveLength(3)
        await expectOtherSectionsShown(page, safe, faulty.title)

        fault = 'not JSON'
        await retry.click()
        await alertIn(
          page,
          faulty.title,
          `Unexpected Safe Client Gateway response to ${faulty.call}: the body is not JSON`,
        ).waitFor()
        expect(requested).toHaveLength(4)

        fault = 'wrong shape'
        await retry.click()
        await alertIn(page, faulty.title, faulty.wrongShapeText).waitFor()
        expect(requested).toHaveLength(5)

        // A gateway that never answers: the section is loading again until each of the client's three
        // attempts has timed out after 10 s.
        fault = 'time-out'
        await retry.click()
        await section(page, faulty.title)
          .getByRole('status')
          .getByText(faulty.loading, { exact: true })
          .waitFor()
        expect(await section(page, faulty.title).getByRole('alert').count()).toBe(0)
        for (const attempt of [6, 7, 8]) {
          await expect.poll(() => requested.length).toBe(attempt)
          await page.clock.fastForward(10_000)
        }
        await alertIn(
          page,
          faulty.title,
          `The Safe Client Gateway did not answer within 10000 ms (GET ${requested.at(-1)})`,
        ).waitFor()
        expect(requested).toHaveLength(8)
        expect(new URL(requested.at(-1) as string).pathname.toLowerCase()).toBe(
          faulty.path(safe).toLowerCase(),
        )
        await expectOtherSectionsShown(page, safe, faulty.title)

        fault = 'none'
        await retry.click()
        await faulty.ready(section(page, faulty.title)).waitFor()
        await expectOtherSectionsShown(page, safe)
      },
    )
  })

  describe('a section that fails to render leaves an alert in its place; the rest of the page stays', () => {
    it('a balance the page cannot show (a token with 2^32 decimals) → the Balances section’s alert; Try again reads afresh', async (test) => {
      const safe = demoSafe(1)
      let broken = true
      const { page, console } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          await page.route(
            (url) => isGatewayPath(url, `/v1/chains/${chainId}/safes/${safe}/balances/usd`),
            async (route) => {
              if (!broken) return route.continue()
              // Valid for the schema (decimals: a non-negative integer), impossible to format.
              const token = {
                type: 'ERC20',
                address: account(9).address,
                decimals: 2 ** 32,
                symbol: 'HUGE',
                name: 'Huge',
                logoUri: '',
              }
              return answerJson(route, 200, {
                fiatTotal: '0',
                items: [
                  {
                    balance: '1',
                    fiatBalance: '0',
                    fiatConversion: '0',
                    tokenInfo: token,
                    fiatBalance24hChange: null,
                  },
                ],
              })
            },
          )
        },
      })
      const balances = section(page, 'Balances')
      await balances
        .getByRole('alert')
        .getByText('Balances could not be shown because of an unexpected error: Invalid string length', {
          exact: true,
        })
        .waitFor()
      expect(await balances.getByRole('heading', { name: 'Balances' }).count()).toBe(1)
      await expectOtherSectionsShown(page, safe, 'Balances')
      expect(
        console.some((line) =>
          line.startsWith("error: [Signet] the Safe pages' Balances section failed to render:"),
        ),
      ).toBe(true)

      broken = false
      await balances.getByRole('button', { name: 'Try again' }).click()
      await sections[1]?.ready(balances).waitFor()
      await expectOtherSectionsShown(page, safe)
    })

    it('a date out of range in the history reads “Unknown date”; the rest of the history is shown', async (test) => {
      const safe = demoSafe(1)
      const { page } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          await page.route(
            (url) => isGatewayPath(url, `/v1/chains/${chainId}/safes/${safe}/transactions/history`),
            async (route) => {
              const response = await route.fetch()
              const body = (await response.json()) as { results: { type: string; timestamp?: number }[] }
              // Numbers, as the schema asks, but past the last date a Date can hold.
              body.results = [
                { type: 'DATE_LABEL', timestamp: 1e300 },
                ...body.results.filter((item) => item.type !== 'DATE_LABEL'),
              ]
              return route.fulfill({ response, json: body })
            },
          )
        },
      })
      const history = section(page, 'History')
      await history
        .getByTestId('history-transactions')
        .getByRole('listitem')
        .first()
        .getByText('Unknown date', { exact: true })
        .waitFor()
      await sections[4]?.ready(history).waitFor()
      expect(await history.getByRole('alert').count()).toBe(0)
    })

    it('the Safe pages’ code failing to download → an alert under the page’s header; Try again loads it', async (test) => {
      const safe = demoSafe(1)
      let offline = true
      const { page, console } = await openSafePage(test, safe, {
        beforeLoad: async (page) => {
          await page.route(/\/assets\/SafePages-[\w-]+\.js$/, (route) =>
            offline ? route.abort('connectionreset') : route.continue(),
          )
        },
      })
      const failure = page
        .getByRole('alert')
        .filter({ hasText: 'The Safe pages could not be shown because of an unexpected error:' })
      await failure.waitFor()
      expect(await failure.locator('p').textContent()).toMatch(
        /^The Safe pages could not be shown because of an unexpected error: .*SafePages-[\w-]+\.js/,
      )
      expect(await page.locator('.site-header').textContent()).toContain(fixture.signet.config.appName)
      await page.getByRole('link', { name: `← Back to ${fixture.signet.config.appName}` }).waitFor()
      expect(
        console.some((line) => line.startsWith('error: [Signet] the Safe pages failed to render:')),
      ).toBe(true)
      await failure.getByRole('button', { name: 'Reload the page' }).waitFor()
      offline = false
      await failure.getByRole('button', { name: 'Try again' }).click()
      await expectOtherSectionsShown(page, safe)
    })
  })
})
