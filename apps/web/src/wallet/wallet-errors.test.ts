import {
  MethodNotFoundRpcError,
  ResourceUnavailableRpcError,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { isSwitchingUnsupportedError, switchingUnsupportedText } from './switch-chain-support.ts'
import { describeWalletError, errorCode } from './wallet-error-text.ts'

// The errors wagmi's injected connector throws (viem's classes around the wallet's own error).
const walletError = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('wallet error texts', () => {
  it('reads the code along the cause chain', () => {
    expect(errorCode(new UserRejectedRequestError(walletError(4001, 'User rejected the request.')))).toBe(
      4001,
    )
    expect(errorCode(new SwitchChainError(walletError(-32601, 'no such method')))).toBe(4902)
  })

  it('says what a rejection and a pending request mean', () => {
    expect(describeWalletError(new UserRejectedRequestError(walletError(4001, 'no')))).toBe(
      'You rejected the request in your wallet.',
    )
    expect(describeWalletError(new ResourceUnavailableRpcError(walletError(-32002, 'pending')))).toBe(
      'Your wallet already has a request waiting: open your wallet to answer it.',
    )
  })
})

describe('isSwitchingUnsupportedError', () => {
  it('recognises a wallet without wallet_switchEthereumChain', () => {
    expect(isSwitchingUnsupportedError(new SwitchChainError(walletError(-32601, 'method not found')))).toBe(
      true,
    )
    expect(
      isSwitchingUnsupportedError(new SwitchChainError(new MethodNotFoundRpcError(new Error('x')))),
    ).toBe(true)
    expect(
      isSwitchingUnsupportedError(Object.assign(new Error('x'), { name: 'SwitchChainNotSupportedError' })),
    ).toBe(true)
  })

  it('does not mistake a rejection or a failed switch for it', () => {
    expect(isSwitchingUnsupportedError(new UserRejectedRequestError(walletError(4001, 'no')))).toBe(false)
    expect(isSwitchingUnsupportedError(new SwitchChainError(walletError(-32603, 'internal')))).toBe(false)
  })

  it('words it as RainbowKit does, with the app name', () => {
    expect(switchingUnsupportedText('Acme')).toBe(
      'Your wallet does not support switching networks from Acme. Try switching networks from within your wallet instead.',
    )
  })
})
