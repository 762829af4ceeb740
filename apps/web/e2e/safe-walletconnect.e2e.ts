import { describe, expect, it } from 'vitest'
import {
  askToSignIn,
  connectSafeOverWalletConnect,
  expectSignedInAsSafe,
  hostDialog,
  useSafeWalletConnectEnvironment,
} from './safe-walletconnect-environment.ts'

// Issue 12: a Safe connected to Signet as a wallet, through Safe{Wallet}'s WalletConnect feature (the
// sandbox host) and the local relay, signs in however its wallet answers.
describe('a Safe signs in over WalletConnect', { timeout: 180_000 }, () => {
  const environment = useSafeWalletConnectEnvironment()

  it('1-of-1 Safe: the wallet answers the prepared signature and the session is the Safe’s', async (test) => {
    const safe = environment.chain.singleOwnerSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await expectSignedInAsSafe(signet, safe)
  })

  it('2-of-3 Safe: progress while the dialog waits, the co-owner confirms in it', async (test) => {
    const safe = environment.chain.demoSafe.address
    const { signet, host } = await connectSafeOverWalletConnect(environment, test, safe)
    await askToSignIn(signet)
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 1', exact: true }).click()
    await signet
      .getByTestId('safe-account-progress')
      .getByText('1 of 2 owners confirmed')
      .waitFor({ timeout: 30_000 })
    expect(await signet.getByTestId('safe-account-progress-by').textContent()).toBe(
      environment.chain.demoSafe.owners[0],
    )
    expect(await signet.getByTestId('safe-sign-in-signet-link').getAttribute('href')).toMatch(
      new RegExp(`#/safe-message/31337/${safe}/0x[0-9a-f]{64}$`),
    )
    expect(await signet.getByTestId('safe-sign-in-safe-wallet-link').getAttribute('href')).toMatch(
      new RegExp(
        `^https://app\\.safe\\.global/transactions/msg\\?safe=anvil:${safe}&messageHash=0x[0-9a-f]{64}$`,
      ),
    )
    await hostDialog(host).getByRole('button', { name: 'Sign as Owner 2', exact: true }).click()
    await expectSignedInAsSafe(signet, safe)
  })
})
