import { createTranslator } from 'use-intl'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { classifySafeWalletAnswer, type SafeWalletAnswer, walletAnswerText } from './safe-wallet-answer.ts'

const chain = { chainName: 'Gnosis', chainId: 100 }
const t = createTranslator({ locale: 'en', messages: englishMessages })
const textOf = (answer: SafeWalletAnswer) =>
  answer.kind === 'signature' ? undefined : walletAnswerText(t, answer)

describe('classifySafeWalletAnswer', () => {
  it('verifies a signature; 0x, 0x0 and empty answers only keep watching', () => {
    expect(classifySafeWalletAnswer({ result: '0xabcd' }, chain)).toEqual({
      kind: 'signature',
      signature: '0xabcd',
    })
    for (const result of ['0x', '0x0', '0x00', '', null, undefined]) {
      const answer = classifySafeWalletAnswer({ result }, chain)
      expect(answer).toEqual({ kind: 'keep-watching', reason: 'no-signature' })
      expect(textOf(answer)).toBe(
        'The Safe’s wallet answered without a signature: the owners are signing the message, or the Safe signs it on chain. Signet signs you in as soon as it is signed.',
      )
    }
  })

  it('a closed dialog (4001, also wrapped by viem) and an expired request keep watching', () => {
    const closed = classifySafeWalletAnswer(
      { error: { code: 4001, message: 'User rejected signature' } },
      chain,
    )
    expect(closed).toMatchObject({ kind: 'keep-watching', reason: 'dialog-closed' })
    expect(textOf(closed)).toBe(
      'The signing dialog was closed in the Safe’s wallet. The confirmations already given are kept: Signet signs you in as soon as enough owners have confirmed.',
    )
    const wrapped = new UserRejectedRequestError(new Error('User rejected signature'))
    expect(classifySafeWalletAnswer({ error: wrapped }, chain)).toMatchObject({ reason: 'dialog-closed' })
    const expired = classifySafeWalletAnswer(
      { error: new Error('Request expired. Please try again.') },
      chain,
    )
    expect(expired).toEqual({ kind: 'keep-watching', reason: 'expired' })
    expect(textOf(expired)).toBe(
      'The wallet’s request expired. The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.',
    )
  })

  it('the Safe mobile app (-32075 Method disabled, 5101) cannot sign; 5100 names the chain to switch to', () => {
    for (const error of [
      { code: -32075, message: 'Method disabled' },
      { code: 5101, message: 'Unsupported methods.' },
      new Error('wrapped', { cause: { code: -32075, message: 'Method disabled' } }),
    ]) {
      const answer = classifySafeWalletAnswer({ error }, chain)
      expect(answer).toEqual({ kind: 'cannot-sign' })
      expect(textOf(answer)).toBe(
        'This wallet app cannot sign messages for a Safe (it answered “Method disabled”). Sign in with Safe{Wallet} on the web (app.safe.global, through WalletConnect), or sign in as the Safe from an owner’s own wallet: connect the owner’s wallet and choose “Sign in as this Safe”.',
      )
    }
    const wrongChain = classifySafeWalletAnswer(
      { error: { code: 5100, message: 'Unsupported chains.' } },
      chain,
    )
    expect(wrongChain).toEqual({ kind: 'wrong-chain', chainName: 'Gnosis', chainId: 100 })
    expect(textOf(wrongChain)).toBe(
      'The wallet does not hold this Safe on Gnosis: switch the wallet (Safe{Wallet}) to Gnosis (chain 100) and sign in again.',
    )
  })

  it('any other failure keeps watching and says what the wallet said', () => {
    const answer = classifySafeWalletAnswer({ error: new Error('socket hang up') }, chain)
    expect(answer).toEqual({ kind: 'keep-watching', reason: 'failed', detail: 'socket hang up' })
    expect(textOf(answer)).toBe(
      'The Safe’s wallet did not sign (socket hang up). The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.',
    )
    expect(textOf({ kind: 'keep-watching', reason: 'failed' })).toBe(
      'The Safe’s wallet did not sign (no reason given). The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.',
    )
  })
})
