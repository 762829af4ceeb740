import type { Locator, Page } from 'playwright-core'
import { createPublicClient, formatGwei, type Hash, http, maxUint256, parseGwei } from 'viem'
import { describe, expect, it } from 'vitest'
import { openTestPage, useSignet } from './harness/fixture.ts'
import { connectTestWallet, dialog } from './harness/rainbowkit.ts'
import { testWalletName } from './harness/test-wallet.ts'

// The account area, the Profile view (RainbowKit's account modal) and the connector
// behaviour wagmi provides: account change, no accounts left, reload, rejection.
describe('connected account', () => {
  const fixture = useSignet()
  const account = (index: number) => fixture.signet.accounts[index]?.address as string

  it('shows the address, wallet and network; the wallet was asked for eth_accounts permission', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    expect(await page.getByTestId('account-address').textContent()).toBe(account(0))
    expect(await page.getByTestId('account-wallet').textContent()).toBe(testWalletName)
    expect(await page.getByTestId('account-chain').textContent()).toBe('Ethereum (chain 1)')
    const requests = (await page.evaluate(() => window.__testWallet?.requests)) ?? []
    expect(requests).toContain('wallet_requestPermissions')
    expect(requests.indexOf('wallet_requestPermissions')).toBeLessThan(requests.lastIndexOf('eth_accounts'))
  })

  it('profile: copies the address and links it on the chain’s block explorer', async (test) => {
    const { page } = await openTestPage(fixture, test, { permissions: ['clipboard-read', 'clipboard-write'] })
    await connectTestWallet(page)
    await page.getByRole('button', { name: 'Open profile' }).click()
    const modal = dialog(page)
    await modal.getByRole('button', { name: 'Copy Address' }).click()
    await modal.getByText('Copied!', { exact: true }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account(0))
    const explorer = modal.getByRole('link', { name: 'View more on explorer' })
    expect(await explorer.getAttribute('href')).toBe(`https://etherscan.io/address/${account(0)}`)
  })

  it('profile: recent transactions appear and Clear All removes them', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.getByRole('button', { name: 'Send test transaction' }).click()
    const status = page.getByTestId('test-transaction-status')
    await status.getByText(/^Sent test transaction 0x[0-9a-f]{8}…$/).waitFor()
    await page.getByRole('button', { name: 'Open profile' }).click()
    const modal = dialog(page)
    await modal.getByText('Recent Transactions', { exact: true }).waitFor()
    const transaction = modal.getByRole('link', { name: /Test transaction \(0 to yourself\)/ })
    expect(await transaction.getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/)
    // RainbowKit follows the transaction on the chain until it is mined ("Confirmed").
    await transaction.getByText('Confirmed', { exact: true }).waitFor()
    await modal.getByRole('button', { name: 'Clear All' }).click()
    await modal.getByText('Signet transactions will appear here...', { exact: true }).waitFor()
    expect(await modal.getByText('Test transaction (0 to yourself)').count()).toBe(0)
  })

  it('profile: Disconnect ends the connection', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.getByTestId('rk-account-button').click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('rk-connect-button').waitFor()
    expect(await page.getByRole('heading', { name: 'Your account' }).count()).toBe(0)
  })

  it('a reload reconnects from wagmi’s storage without asking the wallet again', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.reload()
    await page.getByRole('heading', { name: 'Your account' }).waitFor()
    expect(await page.getByTestId('account-address').textContent()).toBe(account(0))
    const requests = (await page.evaluate(() => window.__testWallet?.requests)) ?? []
    expect(requests).not.toContain('wallet_requestPermissions')
    expect(requests).not.toContain('eth_requestAccounts')
  })

  it('follows an account change in the wallet', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.selectAccount(1))
    await page.getByTestId('account-address').getByText(account(1), { exact: true }).waitFor()
  })

  it('disconnects when the wallet reports no accounts left (accountsChanged [])', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.emitAccountsChanged([]))
    await page.getByTestId('rk-connect-button').waitFor()
    expect(await page.getByRole('heading', { name: 'Your account' }).count()).toBe(0)
  })

  it('a transaction rejected in the wallet is reported as rejected by the user', async (test) => {
    const { page } = await openTestPage(fixture, test)
    await connectTestWallet(page)
    await page.evaluate(() => window.__testWallet?.rejectNext('eth_sendTransaction'))
    await page.getByRole('button', { name: 'Send test transaction' }).click()
    await page
      .getByTestId('test-transaction-status')
      .getByText('You rejected the request in your wallet.', { exact: true })
      .waitFor()
  })

  // The test-transaction form checks the request with viem before the wallet is asked; each
  // error reaches the user with its text, and a valid transaction of each type is mined on the chain.
  describe('send a test transaction', () => {
    const storageKey = `0x${'01'.repeat(32)}`

    const form = (page: Page) => page.getByRole('form', { name: 'Send a test transaction' })
    const control = (page: Page, label: string) => form(page).getByLabel(label, { exact: true })
    const status = (page: Page) => page.getByTestId('test-transaction-status')
    const walletRequests = async (page: Page) =>
      (await page.evaluate(() => window.__testWallet?.requests)) ?? []

    /** Fills the form; labels of the closed options ("Type, fees, access list and chain") open them first. */
    async function fill(page: Page, values: Record<string, string>): Promise<void> {
      const options = form(page).locator('details')
      if (!(await options.evaluate((details) => (details as HTMLDetailsElement).open)))
        await form(page).getByText('Type, fees, access list and chain', { exact: true }).click()
      for (const [label, value] of Object.entries(values)) {
        const field = control(page, label)
        if (label === 'Transaction type') await field.selectOption({ label: value })
        else await field.fill(value)
      }
    }

    /** The texts the field's aria-describedby points at. */
    const description = (field: Locator) =>
      field.evaluate((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' | '),
      )

    const refusals: { rule: string; values: Record<string, string>; field: string; text: string }[] = [
      {
        rule: 'the recipient address is valid',
        values: { Recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79Cc' },
        field: 'Recipient',
        text: 'The recipient address is not valid: use 0x and 40 hexadecimal characters (mixed case must match its checksum).',
      },
      {
        rule: 'the chain id is positive',
        values: { 'Chain id': '0' },
        field: 'Chain id',
        text: 'The chain id must be a positive whole number.',
      },
      {
        rule: 'the max fee is not above 2^256−1',
        values: { 'Max fee (gwei)': formatGwei(maxUint256 + 1n) },
        field: 'Max fee (gwei)',
        text: 'The max fee cannot be more than 2^256−1 wei.',
      },
      {
        rule: 'a legacy gas price is not above 2^256−1',
        values: { 'Transaction type': 'Legacy', 'Gas price (gwei)': formatGwei(maxUint256 + 1n) },
        field: 'Gas price (gwei)',
        text: 'The gas price cannot be more than 2^256−1 wei.',
      },
      {
        rule: 'the priority fee is not above the fee cap',
        values: { 'Max fee (gwei)': '1', 'Max priority fee (gwei)': '2' },
        field: 'Max priority fee (gwei)',
        text: 'The priority fee cannot be more than the max fee.',
      },
      {
        rule: 'a legacy gas price is never combined with the EIP-1559 fee fields',
        values: { 'Transaction type': 'Legacy', 'Gas price (gwei)': '1', 'Max fee (gwei)': '2' },
        field: 'Max fee (gwei)',
        text: 'A gas price cannot be combined with a max fee or priority fee: legacy and EIP-2930 transactions take a gas price, EIP-1559 transactions a max fee and priority fee.',
      },
      {
        rule: 'access-list storage keys are 32 bytes',
        values: {
          'Transaction type': 'EIP-2930',
          'Access list (JSON)': JSON.stringify([
            { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', storageKeys: [`0x${'01'.repeat(31)}`] },
          ]),
        },
        field: 'Access list (JSON)',
        text: 'Each access-list storage key must be 32 bytes: 0x and 64 hexadecimal characters.',
      },
      {
        rule: 'the chain id is the wallet’s',
        values: { 'Chain id': '100' },
        field: 'Chain id',
        text: 'Your wallet is on chain 1, not chain 100: switch network or change the chain id.',
      },
    ]

    it.for(refusals)(
      'refuses the request unless $rule; the wallet is not asked',
      async ({ values, field, text }, test) => {
        const { page } = await openTestPage(fixture, test)
        await connectTestWallet(page)
        await fill(page, values)
        const before = (await walletRequests(page)).length
        await form(page).getByRole('button', { name: 'Send test transaction' }).click()
        await status(page).getByText(text, { exact: true }).waitFor()
        expect(await status(page).getAttribute('aria-live')).toBe('polite')
        // The field is marked, described by the error, and focused.
        const invalid = control(page, field)
        expect(await invalid.getAttribute('aria-invalid')).toBe('true')
        expect(await description(invalid)).toContain(text)
        expect(await invalid.evaluate((element) => element === document.activeElement)).toBe(true)
        expect((await walletRequests(page)).slice(before)).toEqual([])
      },
    )

    const valid = [
      { type: 'legacy', label: 'Legacy', values: { 'Gas price (gwei)': '20' }, suffix: ', Legacy' },
      {
        type: 'eip2930',
        label: 'EIP-2930',
        values: {
          'Gas price (gwei)': '20',
          'Access list (JSON)': JSON.stringify([
            { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', storageKeys: [storageKey] },
          ]),
        },
        suffix: ', EIP-2930',
      },
      {
        type: 'eip1559',
        label: 'EIP-1559',
        values: { 'Max fee (gwei)': '20', 'Max priority fee (gwei)': '2' },
        suffix: '',
      },
    ] as const

    it.for(valid)(
      'a valid $label transaction is mined as $type and listed in the profile',
      async ({ type, label, values, suffix }, test) => {
        const { page } = await openTestPage(fixture, test)
        await connectTestWallet(page)
        await fill(page, { 'Transaction type': label, ...values })
        await form(page).getByRole('button', { name: 'Send test transaction' }).click()
        await status(page)
          .getByText(/^Sent test transaction 0x[0-9a-f]{8}…$/)
          .waitFor()
        await page.getByRole('button', { name: 'Open profile' }).click()
        const name = `Test transaction (0 to yourself${suffix})`
        const link = dialog(page).getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })
        await link.getByText('Confirmed', { exact: true }).waitFor()
        const hash = (await link.getAttribute('href'))?.replace('https://etherscan.io/tx/', '') as Hash
        const chain = createPublicClient({ transport: http(fixture.signet.chains[0]?.rpcUrl) })
        const transaction = await chain.getTransaction({ hash })
        expect(transaction.type).toBe(type)
        expect(transaction.from.toLowerCase()).toBe(account(0).toLowerCase())
        expect(transaction.to?.toLowerCase()).toBe(account(0).toLowerCase())
        expect(transaction.value).toBe(0n)
        expect(transaction.chainId).toBe(1)
        if (transaction.type === 'eip1559') {
          expect(transaction.maxFeePerGas).toBe(parseGwei('20'))
          expect(transaction.maxPriorityFeePerGas).toBe(parseGwei('2'))
        } else {
          expect(transaction.gasPrice).toBe(parseGwei('20'))
        }
        if (transaction.type === 'eip2930') {
          expect(transaction.accessList).toEqual([
            { address: account(1).toLowerCase(), storageKeys: [storageKey] },
          ])
        }
      },
    )

    it('works from the keyboard alone: Enter sends, an error in the closed options opens them and takes focus', async (test) => {
      const { page } = await openTestPage(fixture, test)
      await connectTestWallet(page)
      const options = form(page).locator('details')
      const isOpen = () => options.evaluate((details) => (details as HTMLDetailsElement).open)
      const chainId = control(page, 'Chain id')
      const focused = (field: Locator) => field.evaluate((element) => element === document.activeElement)
      await control(page, 'Recipient').focus()
      await page.keyboard.press('Tab') // Amount
      await page.keyboard.press('Tab') // the options' summary
      await page.keyboard.press('Enter') // opens them
      await page.keyboard.press('Tab') // Transaction type
      await page.keyboard.press('Tab') // Chain id
      expect(await focused(chainId)).toBe(true)
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type('-1')
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Shift+Tab') // the summary
      await page.keyboard.press('Enter') // closes the options
      expect(await isOpen()).toBe(false)
      await page.keyboard.press('Shift+Tab') // Amount
      await page.keyboard.press('Enter') // sends the form: the chain id is wrong
      await status(page).getByText('The chain id must be a positive whole number.', { exact: true }).waitFor()
      expect(await isOpen()).toBe(true)
      expect(await focused(chainId)).toBe(true)
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type('1')
      await page.keyboard.press('Enter')
      await status(page)
        .getByText(/^Sent test transaction 0x[0-9a-f]{8}…$/)
        .waitFor()
      expect(await chainId.getAttribute('aria-invalid')).toBe(null)
    })

    it('the button waits while the wallet is asked; a wallet error keeps the wallet’s text', async (test) => {
      const { page } = await openTestPage(fixture, test)
      await connectTestWallet(page)
      await page.evaluate(() => window.__testWallet?.rejectNext('eth_sendTransaction'))
      const button = form(page).getByRole('button', { name: 'Send test transaction' })
      await button.click()
      await form(page).locator('button[type="submit"]:disabled').waitFor()
      await status(page).getByText('You rejected the request in your wallet.', { exact: true }).waitFor()
      expect(await button.isEnabled()).toBe(true)
      expect(await walletRequests(page)).toContain('eth_sendTransaction')
    })
  })
})
