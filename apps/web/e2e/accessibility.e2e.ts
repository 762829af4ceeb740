import { accentPresets } from '@signet/protocol/public-config'
import type { Frame, Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it, type TestContext } from 'vitest'
import { type AxeFinding, runAxe } from './harness/axe.ts'
import { keepScreenshot, openPage, type PageOptions } from './harness/browser.ts'
import { useSignet } from './harness/fixture.ts'
import { installTestWallet } from './harness/test-wallet.ts'

// WCAG 2.2 AA on every view of the app, as a newcomer meets it in demo mode (`npm start`: the demo chain,
// its Safes, the local gateway, the sandbox Safe{Wallet} host and the example application), in light,
// dark, Arabic and on phones. axe-core runs at each state; a critical or serious finding in Signet's own
// markup fails, and so does a page wider than the window, a view without exactly one h1, or one without
// its landmarks. RainbowKit's dialog is RainbowKit's markup: the rules docs/ACCESSIBILITY.md lists as
// RainbowKit's are collected there and printed instead (its contrast is Signet's theme, so it counts).

/**
 * axe rules whose findings are RainbowKit's markup, and where (docs/ACCESSIBILITY.md says why a theme
 * cannot fix them and which upstream issue tracks each); anywhere else they are Signet's.
 */
const rainbowKitRules: Record<string, 'dialog' | 'chain-button'> = {
  // Wallet and chain icons drawn as <div role="img"> with no name.
  'role-img-alt': 'dialog',
  // The account and "Verify your account" dialogs' aria-labelledby names an id no element has.
  'aria-dialog-name': 'dialog',
  // The header's chain button: aria-label "Chain Selector", visible text the chain's name.
  'label-content-name-mismatch': 'chain-button',
}

type Variant = {
  name: string
  page: PageOptions
  /** Also checked at these narrower window widths (the page is resized there and back). */
  narrower?: number[]
  /** Only these axe rules (the accents change colours only); every rule unless told. */
  rules?: string[]
}

const variants: Variant[] = [
  { name: 'light', page: { colorScheme: 'light' } },
  { name: 'dark', page: { colorScheme: 'dark' } },
  { name: 'Arabic', page: { locale: 'ar' } },
  // A 390 px phone; each state is also checked for width at 320 px (the smallest phones).
  { name: 'phone', page: { viewport: { width: 390, height: 844 } }, narrower: [320] },
]

/** RainbowKit's findings over the whole run, by rule: its impact, its help, where. */
const rainbowKitFindings = new Map<
  string,
  { impact: string; help: string; states: Set<string>; nodes: Set<string> }
>()

type Inspection = { problems: string[] }

/**
 * Checks one state of a page (or the Safe App's frame): width, one h1 and the landmarks, then axe.
 * Signet's problems are collected for the test's final assertion; RainbowKit's are kept for the report.
 */
async function inspect(
  inspection: Inspection,
  variant: Variant,
  state: string,
  target: Page | Frame,
): Promise<void> {
  const label = `${state} [${variant.name}]`
  await settle(target)
  inspection.problems.push(...(await layoutProblems(label, target)))
  const page = 'page' in target ? target.page() : target
  const size = page.viewportSize()
  for (const width of variant.narrower ?? []) {
    if (!size) break
    await page.setViewportSize({ width, height: size.height })
    await settle(target)
    inspection.problems.push(...(await layoutProblems(`${state} [${width} px]`, target)))
    await page.setViewportSize(size)
  }
  for (const finding of await runAxe(target, variant.rules)) record(inspection, label, finding)
}

/** A page wider than its window, not exactly one h1, no main or no header. */
async function layoutProblems(label: string, target: Page | Frame): Promise<string[]> {
  const layout = await target.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
    }
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide,
      h1: [...document.querySelectorAll('h1')].filter((h1) => visible(h1) && !h1.closest('[role="dialog"]'))
        .length,
      main: document.querySelectorAll('main').length,
      banner: document.querySelectorAll('header.site-header').length,
    }
  })
  const problems: string[] = []
  if (layout.scrollWidth > layout.innerWidth)
    problems.push(
      `${label}: ${layout.scrollWidth} px wide in a ${layout.innerWidth} px window (${layout.wide.join(', ')})`,
    )
  if (layout.h1 !== 1) problems.push(`${label}: ${layout.h1} visible h1 instead of one`)
  if (layout.main !== 1) problems.push(`${label}: ${layout.main} main landmarks instead of one`)
  if (layout.banner !== 1) problems.push(`${label}: no header (banner landmark)`)
  return problems
}

function record(inspection: Inspection, label: string, finding: AxeFinding): void {
  if (finding.impact !== 'critical' && finding.impact !== 'serious') return
  for (const node of finding.nodes) {
    if (node.rainbowKit && rainbowKitRules[finding.rule] === node.rainbowKit) {
      const entry = rainbowKitFindings.get(finding.rule) ?? {
        impact: finding.impact,
        help: finding.help,
        states: new Set<string>(),
        nodes: new Set<string>(),
      }
      entry.states.add(label)
      entry.nodes.add(node.html.slice(0, 120))
      rainbowKitFindings.set(finding.rule, entry)
    } else {
      inspection.problems.push(
        `${label}: ${finding.rule} (${finding.impact})${node.rainbowKit ? ` in RainbowKit’s ${node.rainbowKit}` : ''}: ${node.target} — ${node.summary} — ${node.html}`,
      )
    }
  }
}

/** Waits for running transitions (RainbowKit's dialog fades and slides in) and for fonts. */
async function settle(target: Page | Frame): Promise<void> {
  await target.evaluate(async () => {
    await document.fonts.ready
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ])
  })
}

afterAll(() => {
  const lines = [...rainbowKitFindings.entries()].map(
    ([rule, { impact, help, states, nodes }]) =>
      `${rule} (${impact}): ${help} — in ${states.size} states, e.g. ${[...nodes].slice(0, 3).join(' | ')}`,
  )
  console.log(`RainbowKit's remaining findings by rule:\n${lines.join('\n') || '(none)'}`)
})

function dialog(page: Page): Locator {
  return page.locator('[data-rk] [role="dialog"]')
}

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const fixture = useSignet({ localChain: true })
  const demoSafe = (threshold: number) => {
    const safe = fixture.signet.config.demoSafes?.find((candidate) => candidate.threshold === threshold)
    if (!safe) throw new Error(`no demo Safe of threshold ${threshold}`)
    return safe.address
  }

  /** A fresh context for a variant; with `wallet`, the test wallet holding demo account 0. */
  async function open(
    test: TestContext,
    variant: Variant,
    options: { wallet?: boolean; path?: string } = {},
  ) {
    const opened = await openPage(fixture.browser, variant.page)
    test.onTestFinished(async () => {
      if (test.task.result?.state === 'fail') {
        const path = await keepScreenshot(opened.page, `${test.task.name} ${variant.name}`)
        console.error(`screenshot: ${path}\nbrowser console:\n${opened.console.slice(-20).join('\n')}`)
      }
      await opened.context.close()
    })
    if (options.wallet) {
      await installTestWallet(opened.context, {
        accounts: fixture.signet.accounts.slice(0, 1),
        chains: fixture.signet.chains.map((chain) => ({
          id: chain.id,
          name: chain.name,
          rpcUrls: [chain.rpcUrl],
        })),
      })
    }
    if (options.path !== undefined)
      await opened.page.goto(`${fixture.signet.url}${options.path}`, { waitUntil: 'domcontentloaded' })
    return opened
  }

  for (const variant of variants) {
    describe(variant.name, () => {
      it('the landing page, the connect dialog and a wallet’s QR code view', {
        timeout: 120_000,
      }, async (test) => {
        const inspection: Inspection = { problems: [] }
        const { page } = await open(test, variant, { wallet: true, path: '/' })
        await page.getByTestId('connect-wallet-button').waitFor()
        await inspect(inspection, variant, 'landing (first paint)', page)

        await page.getByTestId('connect-wallet-button').click()
        await dialog(page).locator('[data-testid^="rk-wallet-option-"]').first().waitFor()
        await inspect(inspection, variant, 'connect dialog: wallet list', page)

        await dialog(page).getByTestId('rk-wallet-option-rainbow').click()
        await dialog(page).locator('svg img[alt="Wallet Logo"]').waitFor({ timeout: 20_000 })
        await inspect(inspection, variant, 'connect dialog: Rainbow’s QR code', page)

        await page.keyboard.press('Escape')
        await dialog(page).waitFor({ state: 'detached' })
        await inspect(inspection, variant, 'landing (wallet code loaded)', page)
        expect(inspection.problems).toEqual([])
      })

      it('Verify account, the account area, the profile, a pending Safe sign-in, the co-owner’s page, the Safe pages, “Continue as” and consent', {
        timeout: 180_000,
      }, async (test) => {
        const inspection: Inspection = { problems: [] }
        const { page } = await open(test, variant, { wallet: true, path: '/' })
        await page.getByTestId('connect-wallet-button').click()
        await dialog(page).getByTestId('rk-wallet-option-dev.signet.test-wallet').click()
        await dialog(page).getByTestId('rk-auth-message-button').waitFor()
        await inspect(inspection, variant, 'Verify account', page)

        await dialog(page).getByTestId('rk-auth-message-button').click()
        await page.getByTestId('signed-in-address').waitFor()
        await dialog(page).waitFor({ state: 'detached' })
        const safe = demoSafe(2)
        const owned = page.locator(`[data-testid="owned-safe"][data-safe="${safe}"]`)
        await owned.waitFor()
        await inspect(inspection, variant, 'account area, signed in', page)

        await page.getByTestId('rk-account-button').click()
        await dialog(page).getByTestId('rk-disconnect-button').waitFor()
        await inspect(inspection, variant, 'profile dialog', page)
        await page.keyboard.press('Escape')
        await dialog(page).waitFor({ state: 'detached' })

        await owned.locator('button.primary').click()
        await page.getByTestId('safe-sign-in-progress').waitFor({ timeout: 30_000 })
        await page.getByTestId('safe-sign-in-signet-link').waitFor()
        await inspect(inspection, variant, 'pending Safe sign-in', page)

        const link = (await page.getByTestId('safe-sign-in-signet-link').getAttribute('href')) ?? ''
        await page.goto(link)
        await page.getByTestId('safe-message-text').waitFor()
        await inspect(inspection, variant, 'co-owner’s confirm page', page)

        await page.goto(`${fixture.signet.url}/#/safe/31337/${safe}`)
        await page.locator('#safe-history-title').waitFor()
        await page
          .locator('[aria-labelledby="safe-history-title"] li, [aria-labelledby="safe-history-title"] tr')
          .first()
          .waitFor()
        await inspect(inspection, variant, 'Safe pages', page)

        // An application's request while signed in to Signet: "Continue as", then consent.
        await page.goto(fixture.signet.exampleAppUrl as string)
        await page.getByRole('link', { name: 'Sign in with Ethereum' }).click()
        const actions = page.locator('.oidc-request__actions')
        await actions.locator('button.primary bdi').waitFor()
        await inspect(inspection, variant, 'application’s request: Continue as', page)
        await actions.locator('button.primary').click()
        await page.getByTestId('oidc-account').waitFor()
        await inspect(inspection, variant, 'application’s request: consent', page)
        expect(inspection.problems).toEqual([])
      })

      it('an application’s sign-in request', { timeout: 120_000 }, async (test) => {
        const inspection: Inspection = { problems: [] }
        const { page } = await open(test, variant, { wallet: true })
        await page.goto(fixture.signet.exampleAppUrl as string)
        await page.getByRole('link', { name: 'Sign in with Ethereum' }).click()
        await page.locator('.oidc-request__actions button.primary').waitFor()
        await inspect(inspection, variant, 'application’s request', page)
        expect(inspection.problems).toEqual([])
      })

      it('the Safe App panel in the sandbox Safe{Wallet} host', { timeout: 120_000 }, async (test) => {
        const inspection: Inspection = { problems: [] }
        const { page } = await open(test, variant)
        await page.goto(fixture.signet.sandboxUrl as string)
        await page.frameLocator('#safe-app').getByTestId('safe-address').waitFor({ timeout: 30_000 })
        const frame = page.frames().find((candidate) => candidate.url().startsWith(fixture.signet.url))
        if (!frame) throw new Error('Signet is not framed')
        await inspect(inspection, variant, 'Safe App panel', frame)
        expect(inspection.problems).toEqual([])
      })
    })
  }

  it('every accent, light and dark: the first paint, a primary button and the connect dialog', {
    timeout: 300_000,
  }, async (test) => {
    const inspection: Inspection = { problems: [] }
    const { page } = await open(test, variants[0] as Variant, { wallet: true })
    await page.goto(fixture.signet.exampleAppUrl as string)
    await page.getByRole('link', { name: 'Sign in with Ethereum' }).click()
    await page.locator('.oidc-request__actions button.primary').waitFor()
    const request = page.url()
    for (const mode of ['light', 'dark'] as const) {
      for (const accent of accentPresets) {
        const variant: Variant = { name: `${accent}, ${mode}`, page: {}, rules: ['color-contrast'] }
        const query = `?accent=${accent}&mode=${mode}`
        // The first paint: the early "Connect Wallet" button, before any wallet code.
        await page.goto(`${fixture.signet.url}/${query}`)
        await page.getByTestId('connect-wallet-button').waitFor()
        await inspect(inspection, variant, 'landing (first paint)', page)
        // An application's request: Signet's primary button, then RainbowKit's dialog in the accent.
        await page.goto(`${request}${query}`)
        const primary = page.locator('.oidc-request__actions button.primary')
        await primary.waitFor()
        await page.getByTestId('rk-connect-button').waitFor()
        await inspect(inspection, variant, 'application’s request', page)
        await primary.click()
        await dialog(page).locator('[data-testid^="rk-wallet-option-"]').first().waitFor()
        await inspect(inspection, variant, 'connect dialog', page)
      }
    }
    expect(inspection.problems).toEqual([])
  })

  it('keyboard: Tab reaches "Connect Wallet", Enter opens the dialog with focus inside, Escape closes it and focus returns', async (test) => {
    const { page } = await open(test, variants[0] as Variant, { wallet: true, path: '/' })
    const early = page.getByTestId('connect-wallet-button')
    await early.waitFor()
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement
        return {
          testId: element?.getAttribute('data-testid') ?? null,
          text: element?.textContent?.trim() ?? '',
          inDialog: Boolean(element?.closest('[role="dialog"]')),
        }
      })
    // The skip link first, then the button.
    await page.keyboard.press('Tab')
    expect(await focused()).toEqual({ testId: null, text: 'Skip to content', inDialog: false })
    await page.keyboard.press('Tab')
    expect(await focused()).toEqual({
      testId: 'connect-wallet-button',
      text: 'Connect Wallet',
      inDialog: false,
    })
    // The focus ring is drawn in the accent, 3 px.
    expect(await early.evaluate((element) => getComputedStyle(element).outlineWidth)).toBe('3px')

    await page.keyboard.press('Enter')
    await dialog(page).locator('[data-testid^="rk-wallet-option-"]').first().waitFor()
    await expect.poll(async () => (await focused()).inDialog).toBe(true)

    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    // RainbowKit's own button has taken the early one's place; focus is back on it.
    await expect
      .poll(focused)
      .toEqual({ testId: 'rk-connect-button', text: 'Connect Wallet', inDialog: false })
  })
})
