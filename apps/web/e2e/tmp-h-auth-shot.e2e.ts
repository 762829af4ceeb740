import { describe, it } from 'vitest'
import { openTestPage } from './harness/fixture.ts'
import { connectTestWallet, dialog } from './harness/rainbowkit.ts'
import { useOwnerSignInEnvironment } from './safe-owner-sign-in-environment.ts'

describe('shot', () => {
  const environment = useOwnerSignInEnvironment()
  it('shot', async (test) => {
    const a = await openTestPage(environment.fixture, test)
    await connectTestWallet(a.page, { signIn: false })
    await dialog(a.page).getByTestId('verify-alternative').waitFor()
    await a.page.screenshot({ path: '/tmp/h-auth-shot1.png' })
    let nonces = 0
    a.page.on('request', (r) => { if (r.url().endsWith('/api/auth/nonce')) nonces++ })
    await dialog(a.page).getByRole('button', { name: 'Choose a Safe' }).click()
    await dialog(a.page).waitFor({ state: 'detached' })
    await a.page.waitForTimeout(500)
    console.log('nonces after close', nonces)
    await a.page.screenshot({ path: '/tmp/h-auth-shot2.png', fullPage: true })
    await a.page.emulateMedia({ colorScheme: 'dark' })
    await a.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await dialog(a.page).getByTestId('verify-alternative').waitFor()
    await a.page.screenshot({ path: '/tmp/h-auth-shot3.png' })
  })
})
