import { describe, expect, it } from 'vitest'
import { AuthApiError } from '../auth/auth-api.ts'
import { holdNonceAgain } from './nonce-hold.ts'

const failing = (error: unknown) => async () => {
  throw error
}

describe('holdNonceAgain', () => {
  it('gives the new expiry while the server holds the nonce', async () => {
    expect(
      await holdNonceAgain(async () => ({ nonce: 'n', expiresAt: '2026-12-02T10:00:00Z' }), 'm'),
    ).toEqual({
      kind: 'held',
      expiresAt: '2026-12-02T10:00:00.000Z',
    })
  })

  it('tells a nonce that is gone from a server that is down; throws any other refusal', async () => {
    expect(await holdNonceAgain(failing(new AuthApiError('invalid_nonce', 401, 'used')), 'm')).toEqual({
      kind: 'gone',
    })
    expect(await holdNonceAgain(failing(new AuthApiError('expired', 401, 'expired')), 'm')).toEqual({
      kind: 'gone',
    })
    expect(await holdNonceAgain(failing(new AuthApiError('network', 0, 'offline')), 'm')).toEqual({
      kind: 'unreachable',
    })
    expect(await holdNonceAgain(failing(new AuthApiError('starting', 503, 'starting')), 'm')).toEqual({
      kind: 'unreachable',
    })
    await expect(
      holdNonceAgain(failing(new AuthApiError('invalid_message', 400, 'bad domain')), 'm'),
    ).rejects.toThrow('bad domain')
  })
})
