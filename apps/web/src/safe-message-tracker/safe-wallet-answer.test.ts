import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { classifySafeWalletAnswer } from './safe-wallet-answer.ts'
import { safeSignInTexts as texts } from './texts.ts'

const chain = { chainName: 'Gnosis', chainId: 100 }

describe('classifySafeWalletAnswer', () => {
  it('verifies a signature; 0x, 0x0 and empty answers only keep watching', () => {
    expect(classifySafeWalletAnswer({ result: '0xabcd' }, chain)).toEqual({
      kind: 'signature',
      signature: '0xabcd',
    })
    for (const result of ['0x', '0x0', '0x00', '', null, undefined]) {
      expect(classifySafeWalletAnswer({ result }, chain)).toEqual({
        kind: 'keep-watching',
        reason: 'no-signature',
        text: texts.noSignature,
      })
    }
  })

  it('a closed dialog (4001, also wrapped by viem) and an expired request keep watching', () => {
    expect(
      classifySafeWalletAnswer({ error: { code: 4001, message: 'User rejected signature' } }, chain),
    ).toMatchObject({
      kind: 'keep-watching',
      reason: 'dialog-closed',
    })
    const wrapped = new UserRejectedRequestError(new Error('User rejected signature'))
    expect(classifySafeWalletAnswer({ error: wrapped }, chain)).toMatchObject({ reason: 'dialog-closed' })
    expect(
      classifySafeWalletAnswer({ error: new Error('Request expired. Please try again.') }, chain),
    ).toEqual({
      kind: 'keep-watching',
      reason: 'expired',
      text: texts.walletRequestExpired,
    })
  })

  it('the Safe mobile app (-32075 Method disabled, 5101) cannot sign; 5100 names the chain to switch to', () => {
    for (const error of [
      { code: -32075, message: 'Method disabled' },
      { code: 5101, message: 'Unsupported methods.' },
      new Error('wrapped', { cause: { code: -32075, message: 'Method disabled' } }),
    ]) {
      expect(classifySafeWalletAnswer({ error }, chain)).toEqual({
        kind: 'cannot-sign',
        text: texts.cannotSign,
      })
    }
    expect(
      classifySafeWalletAnswer({ error: { code: 5100, message: 'Unsupported chains.' } }, chain),
    ).toEqual({
      kind: 'wrong-chain',
      text: 'The wallet does not hold this Safe on Gnosis: switch the wallet (Safe{Wallet}) to Gnosis (chain 100) and sign in again.',
    })
  })

  it('any other failure keeps watching and says what the wallet said', () => {
    expect(classifySafeWalletAnswer({ error: new Error('socket hang up') }, chain)).toEqual({
      kind: 'keep-watching',
      reason: 'failed',
      text: 'The Safe’s wallet did not sign (socket hang up). The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.',
    })
  })
})
