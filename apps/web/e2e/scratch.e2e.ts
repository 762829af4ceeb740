import { describe, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { openConnectModal } from './harness/rainbowkit.ts'
import { stubWalletConnectRelay } from './harness/walletconnect-relay.ts'

describe('scratch', () => {
  const fixture = useSignet()
  it('shots', async (test) => {
    const { page, context, console: log } = await openTestPage(fixture, test)
    const relay = await stubWalletConnectRelay(context)
    await page.reload()
    const modal = await openConnectModal(page)
    await modal.getByRole('button', { name: 'Rainbow' }).click()
    await page.waitForTimeout(12000)
    await page.screenshot({ path: '/tmp/shot-qr.png' })
    console.log(await modal.innerText(), relay.methods)
    console.log(log.filter((l) => !l.includes('walletconnect.org')).join('\n'))
  })
})
