import { describe, expect, it } from 'vitest'
import { errorResponse, parseSdkRequest, requestedPermissions, successResponse } from './sdk-messages.ts'

describe('Safe Apps SDK messages', () => {
  it('accepts a request as the SDK sends it', () => {
    const request = {
      id: 'a1b2c3d4e5',
      method: 'getSafeInfo',
      params: undefined,
      env: { sdkVersion: '9.1.0' },
    }
    expect(parseSdkRequest(request)).toBe(request)
  })

  it('ignores anything that is not an SDK request', () => {
    for (const data of [
      null,
      'getSafeInfo',
      { id: 'x', method: 'getSafeInfo' },
      { id: 'x', method: 'eth_sendTransaction', env: { sdkVersion: '9.1.0' } },
      { id: 7, method: 'getSafeInfo', env: { sdkVersion: '9.1.0' } },
      { id: 'x', success: true, data: {}, version: '9.1.0' },
    ]) {
      expect(parseSdkRequest(data)).toBeUndefined()
    }
  })

  it('answers in the SDK response shape', () => {
    expect(successResponse('id1', { a: 1 })).toEqual({
      id: 'id1',
      success: true,
      data: { a: 1 },
      version: '9.1.0',
    })
    expect(errorResponse('id2', 'Transaction was rejected')).toEqual({
      id: 'id2',
      success: false,
      error: 'Transaction was rejected',
      version: '9.1.0',
    })
  })

  it('grants only restricted methods', () => {
    expect(requestedPermissions([{ requestAddressBook: {} }])).toEqual(['requestAddressBook'])
    expect(requestedPermissions([{ eth_accounts: {} }])).toBeUndefined()
    expect(requestedPermissions([])).toBeUndefined()
    expect(requestedPermissions('requestAddressBook')).toBeUndefined()
    expect(requestedPermissions([{}])).toBeUndefined()
  })
})
