import { createTranslator } from 'use-intl'
import {
  type EIP1193Provider,
  MethodNotFoundRpcError,
  numberToHex,
  ResourceUnavailableRpcError,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChainNotConfiguredError, ConnectorNotFoundError, ProviderNotFoundError } from 'wagmi'
import { connect, switchChain } from 'wagmi/actions'
import { englishMessages } from '../i18n/catalogue.ts'
import { extensionWalletConfig } from './extension-wallet-config.test-support.ts'
import { isSwitchingUnsupportedError, switchingUnsupportedText } from './switch-chain-support.ts'
import { describeWalletError, errorCode } from './wallet-error-text.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })

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
    expect(describeWalletError(new UserRejectedRequestError(walletError(4001, 'no')), {}, t)).toBe(
      'You rejected the request in your wallet.',
    )
    expect(describeWalletError(new ResourceUnavailableRpcError(walletError(-32002, 'pending')), {}, t)).toBe(
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
    expect(switchingUnsupportedText(t, 'Acme')).toBe(
      'Your wallet does not support switching networks from Acme. Try switching networks from within your wallet instead.',
    )
  })
})

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** An extension wallet on mainnet that has authorized the page: enough for wagmi's injected connector. */
const extensionWallet = {
  async request({ method }: { method: string }) {
    if (method === 'wallet_requestPermissions')
      return [
        {
          parentCapability: 'eth_accounts',
          caveats: [{ type: 'restrictReturnedAccounts', value: [account] }],
        },
      ]
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
    if (method === 'eth_chainId') return numberToHex(mainnet.id)
    throw new MethodNotFoundRpcError(new Error(method))
  },
  on() {},
  removeListener() {},
} as unknown as EIP1193Provider

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail')
    },
    (error: unknown) => error,
  )
}

// Connector behaviour (docs/PRODUCT.md): the errors wagmi raises itself, as wagmi raises them.
describe('errors of wagmi’s own', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('a switch to a chain the app does not know is a switch-chain error, told as such', async () => {
    const config = extensionWalletConfig(extensionWallet)
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    await connect(config, { connector })
    const error = await failure(switchChain(config, { chainId: 4242 }))
    expect(error).toBeInstanceOf(SwitchChainError)
    expect((error as Error).cause).toBeInstanceOf(ChainNotConfiguredError)
    expect(isSwitchingUnsupportedError(error)).toBe(false)
    expect(describeWalletError(error, { chainId: 4242 }, t)).toBe('This app does not offer chain 4242.')
    expect(describeWalletError(error, {}, t)).toBe('This app does not offer that network.')
  })

  it('without a connection wagmi raises ChainNotConfiguredError itself', async () => {
    const error = await failure(switchChain(extensionWalletConfig(extensionWallet), { chainId: 4242 }))
    expect(error).toBeInstanceOf(ChainNotConfiguredError)
    expect(describeWalletError(error, { chainId: 4242 }, t)).toBe('This app does not offer chain 4242.')
  })

  it('a wallet whose provider is missing is not found, and the user learns which one and what to do', async () => {
    const config = extensionWalletConfig(undefined)
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    const error = await failure(connect(config, { connector }))
    expect(error).toBeInstanceOf(ProviderNotFoundError)
    expect(describeWalletError(error, { walletName: 'Rabby Wallet' }, t)).toBe(
      'Rabby Wallet was not found in this browser. Install or enable it, then reload the page.',
    )
    // wagmi 2 no longer throws ConnectorNotFoundError itself, but still exports it.
    expect(describeWalletError(new ConnectorNotFoundError(), {}, t)).toBe(
      'The wallet was not found in this browser. Install or enable it, then reload the page.',
    )
  })
})
