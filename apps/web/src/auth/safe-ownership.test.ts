import { createServer } from 'node:net'
import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { createTranslator } from 'use-intl'
import { type Address, createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { errorText } from '../lib/error-text.ts'
import {
  readSafeOwnership,
  type SafeSessionVerdict,
  safeSessionNoticeValues,
  safeSessionVerdict,
} from './safe-ownership.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })
/** The verdict with its notice as the page shows it, in English (addresses as plain text). */
const worded = (verdict: SafeSessionVerdict) =>
  verdict.keep || !verdict.notice
    ? verdict
    : {
        keep: false,
        notice: t.markup('auth.status.safeSessionEnded', {
          ...safeSessionNoticeValues(t, verdict.notice),
          address: (chunks) => chunks,
        }),
      }

/** A port on which nothing listens: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('readSafeOwnership', () => {
  let chain: DemoChain
  const account = (index: number) => chain.anvil.accounts[index]?.address as Address
  const client = () => createPublicClient({ transport: http(chain.anvil.rpcUrl) })

  beforeAll(async () => {
    chain = await startDemoChain()
  }, 120_000)
  afterAll(async () => {
    await chain?.stop()
  })

  it('says owner for each owner of the 2-of-3 Safe, and not-owner for another account', async () => {
    const safe = chain.demoSafe.address
    for (const index of [0, 1, 2]) {
      expect(await readSafeOwnership(client(), { safe, account: account(index) })).toEqual({ kind: 'owner' })
    }
    expect(await readSafeOwnership(client(), { safe, account: account(5) })).toEqual({ kind: 'not-owner' })
    expect(
      await readSafeOwnership(client(), { safe: chain.singleOwnerSafe.address, account: account(1) }),
    ).toEqual({ kind: 'not-owner' })
  })

  it('says not-owner for a contract that is no Safe and for an address without code', async () => {
    const noSafe = chain.deployments['1.4.1'].proxyFactory
    expect(await readSafeOwnership(client(), { safe: noSafe, account: account(0) })).toEqual({
      kind: 'not-owner',
    })
    expect(await readSafeOwnership(client(), { safe: account(7), account: account(0) })).toEqual({
      kind: 'not-owner',
    })
  })

  it('says unknown, with the reason, when the node cannot be reached or the chain is not configured', async () => {
    const down = createPublicClient({
      transport: http(`http://127.0.0.1:${await closedPort()}`, { retryCount: 0 }),
    })
    const ownership = await readSafeOwnership(down, { safe: chain.demoSafe.address, account: account(0) })
    expect(ownership.kind).toBe('unknown')
    expect(ownership.kind === 'unknown' && errorText(t, ownership.error)).toBe('HTTP request failed.')
    // No client: the Safe's chain is not configured (the notice says so).
    expect(await readSafeOwnership(undefined, { safe: chain.demoSafe.address, account: account(0) })).toEqual(
      { kind: 'unknown' },
    )
  })

  it('keeps a Safe’s session for a confirmed owner only, and ends it when ownership cannot be confirmed', async () => {
    const safe = chain.demoSafe.address
    const verdictFor = async (reader: Parameters<typeof readSafeOwnership>[0], account: Address) =>
      worded(safeSessionVerdict(await readSafeOwnership(reader, { safe, account }), { safe, account }))

    expect(await verdictFor(client(), account(2))).toEqual({ keep: true })
    // Not an owner: ends like any switch to another account, nothing to explain.
    expect(await verdictFor(client(), account(5))).toEqual({ keep: false })
    // The chain cannot be reached: no proof of ownership, so the session ends (fails closed), saying why.
    const down = createPublicClient({
      transport: http(`http://127.0.0.1:${await closedPort()}`, { retryCount: 0 }),
    })
    expect(await verdictFor(down, account(2))).toEqual({
      keep: false,
      notice: `Signed out of Safe ${safe}: the wallet switched to ${account(2)}, and the Safe’s chain could not confirm that it is an owner (HTTP request failed).`,
    })
    expect(await verdictFor(undefined, account(2))).toEqual({
      keep: false,
      notice: `Signed out of Safe ${safe}: the wallet switched to ${account(2)}, and the Safe’s chain could not confirm that it is an owner (the Safe’s chain is not configured).`,
    })
  })
})
