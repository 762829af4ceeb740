import { describe, expect, it } from 'vitest'
import { SignInError } from '../errors.ts'
import type { SiweMessage } from './parse.ts'
import { checkSiweRules, type SiweRules } from './rules.ts'

const now = Date.parse('2025-01-01T12:00:00Z')
const rules: SiweRules = {
  domain: 'signet.example',
  origin: 'https://signet.example',
  chainIds: [1, 100],
  now,
  clockSkewMs: 60_000,
}
const message: SiweMessage = {
  domain: 'signet.example',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  uri: 'https://signet.example/login',
  version: '1',
  chainId: 1,
  nonce: 'abcdefgh12345678',
  issuedAt: '2025-01-01T11:59:00Z',
}

function failure(msg: Partial<SiweMessage>, overrides: Partial<SiweRules> = {}) {
  try {
    checkSiweRules({ ...message, ...msg }, { ...rules, ...overrides })
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    return { code: error.code, status: error.status, message: error.message }
  }
  return undefined
}

describe('checkSiweRules', () => {
  it('accepts a fresh message for this domain, origin and chain', () => {
    expect(failure({})).toBeUndefined()
    expect(
      failure({ scheme: 'https', domain: 'SIGNET.example', uri: 'https://signet.example:443/x?y#z' }),
    ).toBeUndefined()
  })

  it('rejects another domain or scheme: domain_mismatch', () => {
    expect(failure({ domain: 'evil.example' })).toStrictEqual({
      code: 'domain_mismatch',
      status: 401,
      message: 'The message is for evil.example, not signet.example.',
    })
    expect(failure({ domain: 'signet.example:8443' })?.code).toBe('domain_mismatch')
    expect(failure({ scheme: 'http' })).toMatchObject({
      code: 'domain_mismatch',
      message: 'The message is for http://signet.example, not https://signet.example.',
    })
  })

  it('rejects a URI off the origin: uri_mismatch', () => {
    expect(failure({ uri: 'https://evil.example/login' })).toStrictEqual({
      code: 'uri_mismatch',
      status: 401,
      message: 'The message URI https://evil.example/login is not on https://signet.example.',
    })
    expect(failure({ uri: 'http://signet.example/' })?.code).toBe('uri_mismatch')
    expect(failure({ uri: 'https://signet.example:8443/' })?.code).toBe('uri_mismatch')
    expect(failure({ uri: 'urn:signet:example' })?.code).toBe('uri_mismatch')
  })

  it('rejects other versions and chains', () => {
    expect(failure({ version: '2' })).toMatchObject({ code: 'unsupported_version', status: 401 })
    expect(failure({ chainId: 5 })).toStrictEqual({
      code: 'unsupported_chain',
      status: 401,
      message: 'Chain 5 is not supported here.',
    })
  })

  it('rejects an expired message, with no tolerance', () => {
    expect(failure({ expirationTime: '2025-01-01T12:00:00Z' })).toStrictEqual({
      code: 'expired',
      status: 401,
      message: 'The message expired at 2025-01-01T12:00:00Z.',
    })
    expect(failure({ expirationTime: '2025-01-01T12:00:00.001Z' })).toBeUndefined()
    expect(failure({ expirationTime: '2025-01-01T13:00:00+02:00' })?.code).toBe('expired')
  })

  it('rejects notBefore in the future beyond the clock skew', () => {
    expect(failure({ notBefore: '2025-01-01T12:01:00Z' })).toBeUndefined()
    expect(failure({ notBefore: '2025-01-01T12:01:00.001Z' })).toStrictEqual({
      code: 'not_yet_valid',
      status: 401,
      message: 'The message is not valid before 2025-01-01T12:01:00.001Z.',
    })
  })

  it('rejects issuedAt further ahead than the clock skew', () => {
    expect(failure({ issuedAt: '2025-01-01T12:01:00Z' })).toBeUndefined()
    expect(failure({ issuedAt: '2025-01-01T12:01:01Z' })).toStrictEqual({
      code: 'issued_in_future',
      status: 401,
      message: 'The message claims to be issued at 2025-01-01T12:01:01Z, in the future.',
    })
    expect(failure({ issuedAt: '2025-01-01T12:00:30Z' }, { clockSkewMs: 0 })?.code).toBe('issued_in_future')
  })

  it('fails closed on a hand-made message with an impossible time', () => {
    expect(failure({ expirationTime: '2025-02-30T00:00:00Z' })?.code).toBe('expired')
    expect(failure({ notBefore: 'soon' })?.code).toBe('not_yet_valid')
    expect(failure({ issuedAt: 'yesterday' })?.code).toBe('issued_in_future')
  })
})
