import type { BrowserContext } from 'playwright-core'

/**
 * Content Security Policy violations seen in the browser since the last `takeCspViolations()`.
 * Every context the harness opens is watched (./browser.ts), and ./csp-hook.ts fails any test
 * that leaves one behind: the whole suite runs under the policy the server sends.
 *
 * Two sources, because neither sees every violation: Chromium logs most blocked loads, scripts and
 * connections on the console, but a blocked `eval`/`new Function` whose error the script catches (a
 * library probing whether it may compile code) logs nothing; every violation, though, is reported to
 * the policy's `report-uri`, and those reports are the requests watched here.
 */
const violations: string[] = []

/** Chromium's console text for a blocked load, script or connection. */
const violationPattern = /Content Security Policy/
/** Where Signet's policy sends its reports (apps/server: cspReportPath). */
const reportPath = '/api/csp-report'

export function watchCspViolations(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text()
    if (violationPattern.test(text)) violations.push(`${message.page()?.url() ?? '(no page)'}: ${text}`)
  })
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== reportPath) return
    violations.push(describeReport(request.postData()))
  })
}

/** One line for a `report-uri` report: which page, what was blocked, by which directive, from where. */
export function describeReport(body: string | null): string {
  try {
    const report = (JSON.parse(body ?? '') as { 'csp-report': Record<string, string | number> })['csp-report']
    const source = report['source-file'] ? ` at ${report['source-file']}:${report['line-number']}` : ''
    return `${report['document-uri']}: report: ${report['effective-directive']} blocked ${report['blocked-uri']}${source}`
  } catch {
    return `report: ${body}`
  }
}

/** The violations recorded so far, which are then forgotten (a test that expects some takes them). */
export function takeCspViolations(): string[] {
  return violations.splice(0)
}
