import { describe, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, openConnectModal } from './harness/rainbowkit.ts'

describe('scratch', () => {
  const fixture = useSignet()
  it('shots', async (test) => {
    const { page, console: log } = await openTestPage(fixture, test)
    await page.screenshot({ path: '/tmp/shot-landing.png' })
    await openConnectModal(page)
    await page.screenshot({ path: '/tmp/shot-connect.png' })
    await page.keyboard.press('Escape')
    await connectTestWallet(page)
    await page.screenshot({ path: '/tmp/shot-account.png', fullPage: true })
    console.log(log.join('\n'))
  })
})
