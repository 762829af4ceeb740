import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { ANVIL_ACCOUNTS } from './anvil-accounts.ts'
import { devClient, sendTransactions } from './send-transactions.ts'

describe('sendTransactions', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(() => anvil?.stop())

  it('keeps the price it pays flat over many transactions (it once doubled with each one)', async () => {
    const [sender, receiver] = ANVIL_ACCOUNTS as [
      (typeof ANVIL_ACCOUNTS)[number],
      (typeof ANVIL_ACCOUNTS)[number],
    ]
    const prices: bigint[] = []
    for (let round = 0; round < 30; round++) {
      const [receipt] = await sendTransactions(anvil.rpcUrl, sender.privateKey, [
        { to: receiver.address, data: '0x', value: 1n, gas: 21_000n },
      ])
      prices.push(receipt?.effectiveGasPrice ?? 0n)
    }
    const first = prices[0] as bigint
    expect(first).toBeGreaterThan(0n)
    expect(prices.every((price) => price <= first * 2n)).toBe(true)
    // 30 transfers cost next to nothing of the 10 000 ETH the account started with.
    const balance = await devClient(anvil.rpcUrl).getBalance({ address: sender.address })
    expect(balance).toBeGreaterThan(9_999n * 10n ** 18n)
  })
})
