import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { watchCspViolations } from './csp-violations.ts'

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (path): path is string => Boolean(path),
)

/** Debian's Chromium (`apt-get install chromium fonts-noto-color-emoji`). */
export function chromiumPath(): string {
  const found = candidates.find((path) => existsSync(path))
  if (!found)
    throw new Error(
      'Chromium not found: run `apt-get install -y chromium fonts-noto-color-emoji` or set CHROMIUM_PATH',
    )
  return found
}

/**
 * Headless Chromium that can reach nothing but this machine: every host name except 127.0.0.1
 * and localhost fails to resolve, so a test never talks to the outside (WalletConnect relays,
 * public RPCs, explorers). Playwright gives each launch a fresh temporary profile.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  })
}

export type PageOptions = {
  colorScheme?: 'light' | 'dark'
  permissions?: string[]
  /** The browser's language (`navigator.languages`, Accept-Language); English unless told. */
  locale?: string
  /** The window's size; 1280 × 900 unless told (a phone: 390 × 844). */
  viewport?: { width: number; height: number }
}

/** A fresh context (empty storage) and page; console warnings are collected for assertions. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; console: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    // Fixed, so that a machine's own language never changes what the tests read.
    locale: options.locale ?? 'en-US',
    ...(options.permissions ? { permissions: options.permissions } : {}),
  })
  watchCspViolations(context)
  const page = await context.newPage()
  const messages: string[] = []
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`))
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
  return { context, page, console: messages }
}

const artifacts = fileURLToPath(new URL('../../.artifacts/e2e/', import.meta.url))

/** Keeps a screenshot of a failed test in apps/web/.artifacts/e2e/ (gitignored). */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifacts, { recursive: true })
  const path = join(artifacts, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 100)}.png`)
  await page.screenshot({ path, fullPage: true }).catch(() => undefined)
  return path
}

/**
 * Makes `window.open` of a custom scheme (ledgerlive://, metamask://) a no-op, as on a machine
 * where no such desktop app is installed. Headless Chromium would otherwise hold an invisible
 * "open external app?" prompt that swallows the following clicks.
 */
export async function withoutDesktopApps(context: import('playwright-core').BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const open = window.open.bind(window)
    window.open = (url?: string | URL, target?: string, features?: string) =>
      url !== undefined && !/^(https?:|about:)/.test(String(url)) ? null : open(url, target, features)
  })
}
