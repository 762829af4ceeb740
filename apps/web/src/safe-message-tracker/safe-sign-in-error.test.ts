import { GatewayHttpError, GatewayNetworkError, GatewayTimeoutError } from '@signet/gateway/errors'
import { describe, expect, it } from 'vitest'
import { ProviderRpcError } from '../wallet/demo-wallet/demo-provider.ts'
import {
  gatewayFailure,
  ownersChangedError,
  SafeSignInError,
  safeSignInErrorText,
} from './safe-sign-in-error.ts'
import { englishT } from './tracker-test-kit.ts'
import { isUserRejection } from './wallet-error-chain.ts'

const owners = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8']

describe('gatewayFailure', () => {
  it('makes an unreachable or silent gateway one clear text', () => {
    for (const error of [
      new GatewayNetworkError('getSafeInfo', 'GET /v1/chains/1/safes/0x…', new TypeError('Failed to fetch')),
      new GatewayTimeoutError('getSafeMessage', 'GET /v1/chains/1/messages/0x…', 10_000),
    ]) {
      expect(gatewayFailure(error)).toMatchObject({
        code: 'GATEWAY_UNREACHABLE',
        message: 'The Safe Client Gateway cannot be reached. Check the connection and try again.',
      })
    }
  })

  it('shows the gateway’s own `code: message` when it rejects a signature', () => {
    const rejected = new GatewayHttpError('confirmSafeMessage', 422, '422: Signer=0x1 is not an owner', {
      code: 422,
    })
    expect(gatewayFailure(rejected, true)).toMatchObject({
      code: 'GATEWAY_REJECTED',
      message: 'The Safe Client Gateway rejected the signature: 422: Signer=0x1 is not an owner',
    })
    // Reading (not submitting), a 4xx is just a failed call.
    expect(gatewayFailure(rejected)).toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'The Safe Client Gateway failed: 422: Signer=0x1 is not an owner',
    })
  })
})

describe('ownersChangedError', () => {
  it('says how the threshold or the owners changed', () => {
    expect(ownersChangedError({ owners, threshold: 2 }, { owners, threshold: 1 }).message).toBe(
      "The Safe's owners or threshold changed while waiting for confirmations (now 1 of 2, was 2 of 2). Start the sign-in again.",
    )
    expect(
      ownersChangedError(
        { owners, threshold: 1 },
        { owners: [owners[0] as string, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'], threshold: 1 },
      ).message,
    ).toBe(
      "The Safe's owners or threshold changed while waiting for confirmations (other owners). Start the sign-in again.",
    )
  })
})

describe('safeSignInErrorText', () => {
  it('words a coded error from the catalogue, and quotes another party’s own words as they are', () => {
    expect(
      safeSignInErrorText(
        englishT,
        new SafeSignInError('SAFE_SIGNING_TIMEOUT', {
          key: 'signingTimeoutMinutes',
          values: { minutes: 10 },
        }),
      ),
    ).toBe('The Safe did not sign within 10 min.')
    expect(
      safeSignInErrorText(englishT, new SafeSignInError('MESSAGE_MISMATCH', { key: 'typedDataMessage' })),
    ).toBe('This message is typed data, not a sign-in text: review and confirm it in Safe{Wallet}.')
    expect(
      safeSignInErrorText(englishT, new SafeSignInError('SAFE_SIGNING_REJECTED', 'Transaction was rejected')),
    ).toBe('Transaction was rejected')
  })
})

describe('isUserRejection', () => {
  it('finds a 4001 anywhere in the cause chain', () => {
    expect(
      isUserRejection(
        new Error('outer', { cause: new ProviderRpcError(4001, 'User rejected the request.') }),
      ),
    ).toBe(true)
    expect(isUserRejection(new ProviderRpcError(4200, 'unsupported'))).toBe(false)
  })
})
