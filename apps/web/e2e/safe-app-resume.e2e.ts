import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { openHostPage, ownerButton, useSafeAppEnvironment } from './safe-app-environment.ts'

// The Safe App's sign-in is the one Safe sign-in tracker: it holds its nonce with the server, keeps what
// the host answered, and after a reload of the frame inside Safe{Wallet} follows the same message again
// without asking the Safe a second time. The server's nonce lifetime (SIGNET_NONCE_TTL) does not cut it short.

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } })

/** Signet's frame inside the host page. */
function signetFrame(page: Page, signetUrl: string) {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(signetUrl))
  if (!frame) throw new Error('Signet is not framed')
  return frame
}

const servers: { name: string; env: Record<string, string> }[] = [
  { name: 'the default nonce lifetime', env: {} },
  { name: 'SIGNET_NONCE_TTL=3m', env: { SIGNET_NONCE_TTL: '3m' } },
]

describe.each(servers)('a Safe App sign-in survives a reload of its frame ($name)', ({ env }) => {
  const environment = useSafeAppEnvironment(env)

  it('the co-owner confirms after the reload: signed in, with one signature request in all', async (test) => {
    const { page, app } = await openHostPage(environment, test)
    await app.getByRole('button', { name: 'Sign in as this Safe' }).click({ timeout: 15_000 })
    await app.getByRole('dialog').getByRole('button', { name: 'Sign message' }).click()
    await page.getByTestId('message-request').waitFor()
    await ownerButton(page, 'Sign', 1).click()
    const confirmations = app.getByTestId('safe-sign-confirmations')
    await expect.poll(() => confirmations.textContent()).toBe('1 of 2 owners confirmed')

    // This browser denies the cross-site frame its localStorage: the frame keeps the sign-in in a
    // partitioned cookie, with the deadline the server holds its nonce to.
    const cookie = (await page.context().cookies(environment.signet.url)).find(
      (candidate) => candidate.name === 'signet.safeAppSignIn',
    )
    expect(cookie).toMatchObject({ secure: true, sameSite: 'None', partitionKey: 'http://127.0.0.1' })
    const stored = JSON.parse(decodeURIComponent(cookie?.value ?? 'null')) as {
      message: string
      nonceExpiresAt: string
    }
    const nonce = /^Nonce: (\w+)$/m.exec(stored.message)?.[1] ?? ''
    const row = await environment.signet.db
      .selectFrom('nonces')
      .select('expires_at')
      .where('nonce', '=', nonce)
      .executeTakeFirstOrThrow()
    expect(Date.parse(stored.nonceExpiresAt)).toBe(Number(row.expires_at))

    await signetFrame(page, environment.signet.url).evaluate(() => window.location.reload())
    // Back in the frame: the same sign-in is followed again, nothing is asked.
    await expect.poll(() => confirmations.textContent(), { timeout: 30_000 }).toBe('1 of 2 owners confirmed')
    expect(await app.getByTestId('safe-sign-in-no-storage').count()).toBe(0)

    await ownerButton(page, 'Sign', 2).click()
    const session = app.getByTestId('safe-session')
    await session.waitFor({ timeout: 20_000 })
    expect(await session.textContent()).toContain(
      `Signed in as ${environment.chain.demoSafe.address} (contract account, chain 31337)`,
    )
    // Every request the host saw from the frame, before and after the reload: one signature request.
    const hostLog = (await page.getByTestId('host-log').textContent()) ?? ''
    expect(hostLog.match(/← sign\w*/g)).toEqual(['← signMessage'])
  })
})
