import type { Browser, Page } from 'playwright-core'
import { gzipSize } from './first-load-size.ts'

export type FirstLoadRun = {
  /** gzip of the JavaScript fetched from navigation until the page is idle, with no user action. */
  jsGzipBytes: number
  jsFiles: number
  /** From navigation start until a "Connect Wallet" button is visible and enabled. */
  usableMs: number
  /** From the click on that button until the connect dialog shows "Connect a Wallet". */
  dialogMs: number
}

type Marks = { usableAt?: number; clickAt?: number; dialogAt?: number }
declare global {
  interface Window {
    __firstLoadMarks?: Marks
  }
}

/**
 * Runs in the page before its own scripts: notes (performance.now(), from navigation start) when a
 * "Connect Wallet" button first becomes usable — visible, enabled, not hidden from assistive
 * technology (RainbowKit's stays aria-hidden and transparent until ready) — when it is pressed, and
 * when the connect dialog shows. Checked on every DOM change and every frame.
 */
function watchConnectButton(): void {
  const marks: Marks = {}
  window.__firstLoadMarks = marks
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
        return false
    }
    return true
  }
  const usable = (button: HTMLButtonElement): boolean =>
    button.textContent?.trim() === 'Connect Wallet' &&
    !button.disabled &&
    !button.hidden &&
    !button.closest('[aria-hidden="true"]') &&
    shown(button)
  const check = () => {
    const now = performance.now()
    if (marks.usableAt === undefined && [...document.querySelectorAll('button')].some(usable))
      marks.usableAt = now
    if (marks.clickAt !== undefined && marks.dialogAt === undefined) {
      const dialog = document.querySelector('[role="dialog"]')
      if (dialog?.textContent?.includes('Connect a Wallet') && shown(dialog)) marks.dialogAt = now
    }
  }
  const frame = () => {
    check()
    if (marks.usableAt === undefined || marks.dialogAt === undefined) requestAnimationFrame(frame)
  }
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  })
  requestAnimationFrame(frame)
  window.addEventListener('pointerdown', () => (marks.clickAt ??= performance.now()), { capture: true })
}

async function marks(page: Page): Promise<Marks> {
  return page.evaluate(() => window.__firstLoadMarks ?? {})
}

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Until no request has been in flight for `quietMs`: what an app loads on idle counts too. */
async function settle(page: Page, quietMs = 1_500, limitMs = 30_000): Promise<void> {
  const open = new Set<unknown>()
  let last = Date.now()
  const started = (request: unknown) => {
    open.add(request)
    last = Date.now()
  }
  const ended = (request: unknown) => {
    open.delete(request)
    last = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const deadline = Date.now() + limitMs
    while (open.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline) break // a page that never goes quiet (e.g. polling) is measured as it stands
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/**
 * One cold first load of `url` in a fresh browser context (empty cache and storage): JavaScript
 * fetched before any action, time to a usable connect button, then the time a click takes to open
 * the connect dialog.
 *
 * @example const run = await measureFirstLoadRun(browser, 'http://127.0.0.1:8787/')
 */
export async function measureFirstLoadRun(browser: Browser, url: string): Promise<FirstLoadRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
  try {
    // As source text: under tsx the function carries esbuild's `__name` helper, defined here too.
    await context.addInitScript({ content: `var __name = (f) => f;(${watchConnectButton.toString()})()` })
    const page = await context.newPage()
    const scripts: Promise<Buffer>[] = []
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return
      const body = response.body()
      body.catch(() => {}) // read only for what loads before the click; later ones die with the page
      scripts.push(body)
    })
    await page.goto(url, { waitUntil: 'commit' })
    const usableMs = await until(async () => (await marks(page)).usableAt, 'a usable connect button')
    await settle(page)
    const bodies = await Promise.all([...scripts])
    const jsGzipBytes = bodies.reduce((sum, body) => sum + gzipSize(body), 0)
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    const clicked = await until(async () => {
      const { clickAt, dialogAt } = await marks(page)
      return clickAt !== undefined && dialogAt !== undefined ? dialogAt - clickAt : undefined
    }, 'the connect dialog')
    return { jsGzipBytes, jsFiles: bodies.length, usableMs, dialogMs: clicked }
  } finally {
    await context.close()
  }
}
