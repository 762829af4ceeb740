import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningSignet, startSignet } from '@signet/server'
import type { Browser, Page } from 'playwright-core'
import type { Address } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import english from '../src/i18n/catalogues/en.json'
import { launchBrowser } from './harness/browser.ts'
import {
  askToSignIn,
  connectSafeOverWalletConnect,
  expectSignedInAsSafe,
  hostDialog,
  useSafeWalletConnectEnvironment,
} from './safe-walletconnect-environment.ts'

const mobileAppSetting = 'Answer as the Safe mobile app (message signing disabled)'

/** Ticks a setting of the host's WalletConnect page and waits until the host reports it back. */
async function setHostSetting(host: Page, name: string, on: boolean): Promise<void> {
  await host.getByRole('checkbox', { name, exact: true }).setChecked(on)
  await host.getByRole('checkbox', { name, exact: true, checked: on }).waitFor()
}

// A Safe connected to Signet as a wallet, through Safe{Wallet}'s WalletConnect feature (the
// sandbox host) and the local relay, signs in however its wallet answers.
describe('a Safe signs in over WalletConnect', { timeout: 180_000 }, () => {
  const environment = useSafeWalletConnectEnvironment()

  it('1-of-1 Safe: the wallet answers the prepared signature and the session is the Safe’s', async (test) => {
    const safe = environment.chain.singleOwnerSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await expectSignedInAsSafe(signet, safe)
  })

  it('2-of-3 Safe: progress while the dialog waits, the co-owner confirms in it', async (test) => {
    const safe = environment.chain.demoSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    expect(await signet.getByTestId('safe-account-progress-by').textContent()).toBe(
      environment.chain.demoSafe.owners[0],
    )
    expect(await signet.getByTestId('safe-sign-in-signet-link').getAttribute('href')).toMatch(
      new RegExp(`#/safe-message/31337/${safe}/0x[0-9a-f]{64}$`),
    )
    expect(await signet.getByTestId('safe-sign-in-safe-wallet-link').getAttribute('href')).toMatch(
      new RegExp(
        `^https://app\\.safe\\.global/transactions/msg\\?safe=anvil:${safe}&messageHash=0x[0-9a-f]{64}$`,
      ),
    )
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 2', exact: true }).click()
    await expectSignedInAsSafe(signet, safe)
  })

  it('the dialog closed (4001): the sign-in goes on and completes when the co-owner confirms', async (test) => {
    const safe = environment.chain.demoSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    await hostDialog(host).getByRole('button', { name: 'Close dialog', exact: true }).click()
    await signet
      .getByTestId('safe-account-wallet-answer')
      .getByText(english.safeTracker.walletAnswer.dialogClosed, { exact: true })
      .waitFor({ timeout: 20_000 })
    // Another owner confirms later, from Safe{Wallet}'s list of messages.
    await host
      .getByTestId('waiting-message')
      .getByRole('button', { name: 'Confirm as Owner 2', exact: true })
      .click()
    await expectSignedInAsSafe(signet, safe)
  })

  it('the tab closed (no answer ever) and Signet reloaded: resumed, signs in when the co-owner confirms', async (test) => {
    const safe = environment.chain.demoSafe.address
    const connected = await connectSafeOverWalletConnect(environment, test, safe)
    const { signet, host } = connected
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    await host.close({ runBeforeUnload: true })
    await signet.reload({ waitUntil: 'domcontentloaded' })
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    const again = await connected.reopenHost()
    expect(await hostDialog(again).count()).toBe(0)
    await again
      .getByTestId('waiting-message')
      .getByRole('button', { name: 'Confirm as Owner 2', exact: true })
      .click()
    await expectSignedInAsSafe(signet, safe)
  })

  it('on-chain signing: no answer; signs in once the SignMessageLib transaction is executed', async (test) => {
    const safe = environment.chain.demoSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await setHostSetting(host, 'Always use on-chain signatures', true)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Propose as Owner 1', exact: true }).click()
    const transaction = host.getByTestId('queued-transaction').filter({ hasText: 'Sign message on-chain' })
    await transaction.getByRole('button', { name: 'Confirm as Owner 2', exact: true }).click()
    await signet.getByTestId('safe-account-wallet-asking').waitFor()
    await transaction.getByRole('button', { name: 'Execute', exact: true }).click()
    await expectSignedInAsSafe(signet, safe)
    await setHostSetting(host, 'Always use on-chain signatures', false)
  })

  it('a Safe 1.1.1 (SafeMessage domain without chain id): the co-owner confirms after the dialog closed', async (test) => {
    const safe = environment.legacySafe
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    await hostDialog(host).getByRole('button', { name: 'Close dialog', exact: true }).click()
    await host
      .getByTestId('waiting-message')
      .getByRole('button', { name: 'Confirm as Owner 2', exact: true })
      .click()
    await expectSignedInAsSafe(signet, safe)
  })

  it('the Safe mobile app (Method disabled): says this app cannot sign and what can', async (test) => {
    const safe = environment.chain.demoSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await host.getByRole('checkbox', { name: /Answer as the Safe mobile app/ }).check()
    await host
      .getByTestId('walletconnect-log')
      .getByText(/as the Safe mobile app/)
      .waitFor()
    await askToSignIn(signet)
    const answer = signet.getByTestId('safe-account-wallet-answer')
    await answer.waitFor({ timeout: 20_000 })
    expect(await answer.textContent()).toBe(
      'This wallet app cannot sign messages for a Safe (it answered “Method disabled”). Sign in with Safe{Wallet} on the web (app.safe.global, through WalletConnect), or sign in as the Safe from an owner’s own wallet: connect the owner’s wallet and choose “Sign in as this Safe”.',
    )
    expect(await answer.getAttribute('role')).toBe('alert')
    await setHostSetting(host, mobileAppSetting, false)
    // Only the user's own Cancel ends it.
    await signet.getByRole('button', { name: 'Cancel this sign-in', exact: true }).click()
    await signet.getByTestId('safe-account-sign-in').waitFor({ state: 'detached' })
  })

  it('a request that expired (WalletConnect’s 5 minutes): the sign-in goes on and completes', async (test) => {
    const safe = environment.chain.demoSafe.address
    // Signet's clock is Playwright's, so that five minutes can pass at once.
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe, {
      beforeLoad: (page) => page.clock.install(),
    })
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    await signet.clock.fastForward('05:05')
    await signet
      .getByTestId('safe-account-wallet-answer')
      .getByText(english.safeTracker.walletAnswer.expired, { exact: true })
      .waitFor({ timeout: 20_000 })
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 2', exact: true }).click()
    await expectSignedInAsSafe(signet, safe)
  })
})

// `npm start` and nothing else: demo mode's own relay, sandbox host and demo Safes, no relay setting.
describe('WalletConnect in demo mode, offline', { timeout: 240_000 }, () => {
  let signet: RunningSignet | undefined
  let browser: Browser | undefined
  let dataDir: string | undefined
  afterAll(async () => {
    await browser?.close()
    await signet?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('signs in as the demo 1-of-1 Safe through the sandbox host’s WalletConnect page', async (test) => {
    dataDir = await mkdtemp(join(tmpdir(), 'signet-demo-wc-'))
    ;[signet, browser] = await Promise.all([
      startSignet({
        env: {
          PORT: '0',
          DATABASE_URL: join(dataDir, 'signet.sqlite'),
          LOG_LEVEL: 'silent',
          SIGNET_RATE_LIMIT: 'off',
        },
        ...(process.env.SIGNET_E2E_WEB_DIST ? { webDist: process.env.SIGNET_E2E_WEB_DIST } : {}),
      }),
      launchBrowser(),
    ])
    const relayUrl = signet.demo?.walletConnectRelayUrl ?? ''
    expect(relayUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const safe = signet.demo?.fixtures.demoSafes?.find((candidate) => candidate.threshold === 1)
      ?.address as Address
    const sockets: string[] = []
    const { signet: page, host } = await connectSafeOverWalletConnect(
      { browser, host: { url: signet.demo?.sandboxUrl ?? '', stop: async () => undefined }, signet },
      test,
      safe,
      { beforeLoad: async (opened) => void opened.on('websocket', (socket) => sockets.push(socket.url())) },
    )
    await askToSignIn(page)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await expectSignedInAsSafe(page, safe)
    // The page's WalletConnect went to the local relay only.
    expect(sockets.length).toBeGreaterThan(0)
    expect(sockets.filter((url) => !url.startsWith(relayUrl))).toEqual([])
  })
})
