import { describe, it } from 'vitest'
import { openHostPage, ownerButton, useSafeAppEnvironment } from './safe-app-environment.ts'

describe('debug', () => {
  const environment = useSafeAppEnvironment()
  it('debug', async (test) => {
    const { page, app, console: logs } = await openHostPage(environment, test)
    await app.getByRole('button', { name: 'Sign in as this Safe' }).click({ timeout: 15_000 })
    await page.getByTestId('message-request').waitFor()
    await ownerButton(page, 'Sign', 2).click()
    await page.waitForTimeout(3000)
    const hash = (await page.locator('.hash').first().textContent())?.replace('SafeMessage hash ', '')
    const frame = page.frames().find((f) => f.url().startsWith(environment.signet.url))
    const result = await frame?.evaluate(async ([url, hash]) => {
      const r = await fetch(`${url}/v1/chains/31337/messages/${hash}`)
      return `${r.status} ${await r.text()}`
    }, [environment.gateway.url, hash] as const)
    console.log('RESULT', result)
    console.log(logs.join('\n'))
  })
})
