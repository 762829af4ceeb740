import { describe, expect, it } from 'vitest'
import { SiweParseError } from '../errors.ts'
import { formatSiweMessage } from './format.ts'
import { parseSiweMessage } from './parse.ts'

const fields = {
  domain: 'example.org',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to Example.',
  uri: 'https://example.org/login',
  version: '1',
  chainId: 1,
  nonce: 'abcdefgh1234',
  issuedAt: '2021-09-30T16:25:24Z',
}

function formatError(input: Record<string, unknown>): string {
  try {
    formatSiweMessage(input)
  } catch (error) {
    if (error instanceof SiweParseError) return error.message
    throw error
  }
  throw new Error('formatted')
}

describe('formatSiweMessage', () => {
  it('writes the EIP-4361 text with the times as given', () => {
    expect(
      formatSiweMessage({ ...fields, scheme: 'https', expirationTime: '2030-01-01T00:00:00+02:00' }),
    ).toBe(
      [
        'https://example.org wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to Example.',
        '',
        'URI: https://example.org/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdefgh1234',
        'Issued At: 2021-09-30T16:25:24Z',
        'Expiration Time: 2030-01-01T00:00:00+02:00',
      ].join('\n'),
    )
  })

  it('round-trips through the parser', () => {
    const all = {
      ...fields,
      notBefore: '2021-09-30T16:25:24Z',
      requestId: 'r1',
      resources: ['urn:a:b', 'https://x.y'],
    }
    expect(parseSiweMessage(formatSiweMessage(all))).toStrictEqual(all)
  })

  it('builds any numeric version as the parser reads it, and only version 1 with onlyVersion1', () => {
    expect(formatSiweMessage({ ...fields, version: '2' })).toContain('\nVersion: 2\n')
    expect(() => formatSiweMessage({ ...fields, version: '2' }, { onlyVersion1: true })).toThrow(
      'line 7: version "2" is not 1',
    )
    expect(formatError({ ...fields, version: 'v1' })).toBe(
      'line 7: version "v1" is not a version number (decimal digits)',
    )
  })

  it('leaves out an empty statement, as viem does', () => {
    expect(formatSiweMessage({ ...fields, statement: '' })).toContain(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\n\nURI:',
    )
  })

  it('refuses fields that would inject lines or break the grammar', () => {
    expect(formatError({ ...fields, statement: 'a\n\nURI: https://evil.example' })).toBe(
      'the statement must not contain a line break',
    )
    expect(formatError({ ...fields, resources: ['https://a.example\n- https://b.example'] })).toBe(
      'the resources must be a list of single-line strings',
    )
    expect(formatError({ ...fields, chainId: '1' })).toBe('the chainId must be a non-negative integer')
    expect(formatError({ ...fields, nonce: 12345678 })).toBe('the nonce must be a string')
    expect(formatError({ ...fields, issuedAt: '2022-02-31T00:00:00Z' })).toBe(
      'line 10: "2022-02-31T00:00:00Z" is not an RFC 3339 date-time that exists on the calendar',
    )
    expect(formatError({ ...fields, address: fields.address.toLowerCase() })).toBe(
      'line 2: the address is not EIP-55 checksummed',
    )
    expect(formatError({ ...fields, domain: 'https://example.org' })).toBe(
      'the domain does not survive formatting',
    )
  })
})
