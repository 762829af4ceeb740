import type { BrowserContext } from 'playwright-core'

/**
 * Content Security Policy violations seen in the browser since the last `takeCspViolations()`.
 * Every context the harness opens is watched (./browser.ts), and ./csp-hook.ts fails any test
 * that leaves one behind: the whole suite runs under the policy the server sends.
 */
const violations: string[] = []

/** Chromium reports each blocked load, script or connection on the console. */
const violationPattern = /Content Security Policy/

export function watchCspViolations(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text()
    if (violationPattern.test(text)) violations.push(`${message.page()?.url() ?? '(no page)'}: ${text}`)
  })
}

/** The violations recorded so far, which are then forgotten (a test that expects some takes them). */
export function takeCspViolations(): string[] {
  return violations.splice(0)
}
