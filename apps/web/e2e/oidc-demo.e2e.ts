import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { dialog } from './harness/rainbowkit.ts'

// Demo mode (`npm start`): the example application, a relying party on openid-client on its own port,
// signs a newcomer in through Signet with the demo wallet and shows the verified ID token's claims.
describe('the demo example application', () => {
  const fixture = useSignet({ localChain: true })

  it('signs in through Signet with the demo wallet and shows the claims of the ID token', async (test) => {
    const exampleApp = fixture.signet.exampleAppUrl
    expect(exampleApp).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const { page } = await openTestPage(fixture, test, { wallet: false })
    await page.goto(exampleApp as string)
    await page.getByRole('link', { name: 'Sign in with Ethereum' }).click()

    // Signet's page names the application; the demo wallet signs; consent; back to the application.
    await page.getByRole('heading', { name: 'Sign in to Example application' }).waitFor()
    await page.getByRole('button', { name: 'Sign in with your wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Signet Demo Wallet' }).click()
    await dialog(page).getByRole('button', { name: 'Sign message' }).click()
    await page.getByRole('button', { name: 'Allow' }).click()

    const account = fixture.signet.config.demoAccounts?.[0]?.address as string
    await page.getByTestId('example-sub').waitFor()
    expect(page.url()).toBe(`${exampleApp}/`)
    expect(await page.getByTestId('example-sub').textContent()).toBe(`eip155:31337:${account}`)
    const claims = JSON.parse((await page.getByTestId('example-claims').textContent()) ?? '{}')
    expect(claims).toMatchObject({
      iss: `${fixture.signet.url}/oidc`,
      aud: 'example-app',
      sub: `eip155:31337:${account}`,
      preferred_username: account,
      address: account,
      chain_id: 31337,
      account_type: 'eoa',
    })
    expect(typeof claims.auth_time).toBe('number')

    // Signing out of the application ends the Signet session too, after the user confirms.
    await page.getByRole('link', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('link', { name: 'Sign in with Ethereum' }).waitFor()
    await page.goto(fixture.signet.url)
    expect(await page.evaluate(async () => (await fetch('/api/auth/session')).status)).toBe(401)
  })
})
