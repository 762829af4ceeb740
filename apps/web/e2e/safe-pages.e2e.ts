import { readSafe } from '@signet/devchain/safe'
import { type Address, createWalletClient, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'

// The Safe pages in demo mode: the local gateway, backed by the server's own chain, answers for the
// demo Safe; every figure on the page must be the chain's.
describe('Safe pages of the demo Safe (demo mode, local gateway)', () => {
  const fixture = useSignet({ localChain: true })

  it('show the real owners, threshold, nonce, version and native balance from the local chain', async (test) => {
    const demoSafe = fixture.signet.config.demoSafes?.find((safe) => safe.threshold === 2)
    const rpcUrl = fixture.signet.chains[0]?.rpcUrl as string
    expect(demoSafe).toBeDefined()
    const safe = demoSafe?.address as Address

    // Fund the Safe from a demo account that no other test uses, so the balance is ours to know.
    const funder = privateKeyToAccount(fixture.signet.accounts[7]?.privateKey as Hex)
    const wallet = createWalletClient({ account: funder, transport: http(rpcUrl) })
    const chain = {
      id: 31337,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    } as const
    await wallet.sendTransaction({ chain, to: safe, value: parseEther('1.25') })
    const onChain = await readSafe(rpcUrl, safe)

    const { page } = await openTestPage(fixture, test, { wallet: false, path: `/#/safe/31337/${safe}` })
    await page.getByRole('heading', { name: 'Overview' }).waitFor()
    await page.getByTestId('safe-address').getByText(safe, { exact: true }).waitFor()
    expect(await page.getByTestId('safe-threshold').textContent()).toBe(
      `${onChain.threshold} of ${onChain.owners.length} owners`,
    )
    expect(await page.getByTestId('safe-nonce').textContent()).toBe(String(onChain.nonce))
    expect(await page.getByTestId('safe-version').textContent()).toBe(onChain.version)
    expect(onChain.version).toBe('1.4.1')
    expect(await page.getByTestId('safe-owners').getByRole('listitem').allTextContents()).toEqual(
      onChain.owners,
    )
    await page.getByTestId('safe-master-copy').getByText('Supported master copy').waitFor()

    const nativeRow = page.getByTestId('balance-row').filter({ hasText: 'ETH' })
    await nativeRow.getByText('1.25 ETH', { exact: true }).waitFor()
  })

  it('show the gateway’s error text for an address without a Safe', async (test) => {
    const notASafe = fixture.signet.accounts[8]?.address as Address
    const { page } = await openTestPage(fixture, test, { wallet: false, path: `/#/safe/31337/${notASafe}` })
    const overview = page.getByRole('region', { name: 'Overview' })
    await overview
      .getByRole('alert')
      .getByText(`404: No Safe deployed at ${notASafe}`, { exact: true })
      .waitFor()
  })
})
