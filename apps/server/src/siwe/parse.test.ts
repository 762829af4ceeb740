import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { SiweParseError } from '../errors.ts'
import { parseSiweMessage } from './parse.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const full = [
  'https://app.example.org:8443 wants you to sign in with your Ethereum account:',
  address,
  '',
  "Sign in to Example's app: read our terms at https://example.org/tos?x=1#t",
  '',
  'URI: https://app.example.org:8443/login',
  'Version: 1',
  'Chain ID: 31337',
  'Nonce: Ab3dEf7hXyZ0',
  'Issued At: 2024-02-29T12:00:00.123456Z',
  'Expiration Time: 2024-03-01T00:00:00+01:00',
  'Not Before: 2024-02-29t11:59:00z',
  'Request ID: req-42:a@b.c',
  'Resources:',
  '- ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  '- https://example.org/claims/1.json',
].join('\n')

/** Replaces one line of a valid minimal message. */
function minimal(overrides: Record<number, string> = {}): string {
  const lines = [
    'localhost:8787 wants you to sign in with your Ethereum account:',
    address,
    '',
    '',
    'URI: http://localhost:8787',
    'Version: 1',
    'Chain ID: 1',
    'Nonce: 12345678',
    'Issued At: 2024-01-01T00:00:00Z',
  ]
  for (const [i, line] of Object.entries(overrides)) lines[Number(i)] = line
  return lines.join('\n')
}

function parseError(text: string): SiweParseError {
  try {
    parseSiweMessage(text)
  } catch (error) {
    if (error instanceof SiweParseError) return error
    throw error
  }
  throw new Error('the message parsed')
}

describe('parseSiweMessage', () => {
  it('returns every field exactly as written, the scheme split from the domain', () => {
    expect(parseSiweMessage(full)).toStrictEqual({
      scheme: 'https',
      domain: 'app.example.org:8443',
      address,
      statement: "Sign in to Example's app: read our terms at https://example.org/tos?x=1#t",
      uri: 'https://app.example.org:8443/login',
      version: '1',
      chainId: 31337,
      nonce: 'Ab3dEf7hXyZ0',
      issuedAt: '2024-02-29T12:00:00.123456Z',
      expirationTime: '2024-03-01T00:00:00+01:00',
      notBefore: '2024-02-29t11:59:00z',
      requestId: 'req-42:a@b.c',
      resources: [
        'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
        'https://example.org/claims/1.json',
      ],
    })
  })

  it('leaves out absent optional fields (no statement, no scheme)', () => {
    expect(parseSiweMessage(minimal())).toStrictEqual({
      domain: 'localhost:8787',
      address,
      uri: 'http://localhost:8787',
      version: '1',
      chainId: 1,
      nonce: '12345678',
      issuedAt: '2024-01-01T00:00:00Z',
    })
  })

  it('reads an empty resource list and an empty request ID', () => {
    const text = `${minimal()}\nRequest ID: \nResources:`
    expect(parseSiweMessage(text)).toMatchObject({ requestId: '', resources: [] })
  })

  it('parses what viem createSiweMessage produces into the same fields', () => {
    // viem takes the times as Dates; the parser gives them back as the text that was signed.
    const fields = {
      scheme: 'https',
      domain: 'signet.example',
      address,
      statement: 'Sign in with Ethereum to Signet.',
      uri: 'https://signet.example/',
      version: '1',
      chainId: 100,
      nonce: 'kf83hs72nb02kd7s',
      resources: ['https://signet.example/terms'],
    } satisfies Partial<SiweMessage>
    const text = createSiweMessage({
      ...fields,
      issuedAt: new Date('2025-05-01T10:00:00.000Z'),
      expirationTime: new Date('2025-05-01T10:10:00.000Z'),
    })
    expect(parseSiweMessage(text)).toStrictEqual({
      ...fields,
      issuedAt: '2025-05-01T10:00:00.000Z',
      expirationTime: '2025-05-01T10:10:00.000Z',
    })
  })

  it('rejects CRLF line ends, naming the first line that has one', () => {
    const error = parseError(full.replaceAll('\n', '\r\n'))
    expect(error.message).toBe(
      'line 1: the message contains a carriage return; EIP-4361 lines end with LF only (no CRLF)',
    )
    expect(error.code).toBe('invalid_message')
    expect(error.status).toBe(400)
    expect(parseError(minimal({ 6: 'Chain ID: 1\r' })).line).toBe(7)
  })

  it('rejects a trailing line break and any extra line', () => {
    expect(parseError(`${minimal()}\n`).message).toBe(
      'line 10: unexpected line (fields are out of order, misspelt, or the message has extra text)',
    )
    expect(parseError(`${minimal()}\nFoo: bar`).line).toBe(10)
  })

  it('requires the EIP-55 checksum form of the address', () => {
    expect(parseError(minimal({ 1: address.toLowerCase() })).message).toBe(
      'line 2: the address is not EIP-55 checksummed',
    )
    expect(parseError(minimal({ 1: `0x${address.slice(2).toUpperCase()}` })).field).toBe('address')
    expect(parseError(minimal({ 1: address.slice(0, -1) })).message).toBe(
      'line 2: the address must be 0x followed by 40 hex digits',
    )
    // An address without letters has only one form.
    expect(parseSiweMessage(minimal({ 1: '0x0000000000000000000000000000000000001234' })).address).toBe(
      '0x0000000000000000000000000000000000001234',
    )
  })

  it('accepts date-times that exist and rejects those that do not', () => {
    const issuedAt = (value: string) => minimal({ 8: `Issued At: ${value}` })
    for (const ok of [
      '2024-02-29T00:00:00Z',
      '2000-02-29T23:59:59.999Z',
      '2021-09-30T16:25:24-02:00',
      '2021-12-31T23:59:59+14:00',
    ]) {
      expect(parseSiweMessage(issuedAt(ok)).issuedAt).toBe(ok)
    }
    for (const bad of [
      '2023-02-29T00:00:00Z', // not a leap year
      '2100-02-29T00:00:00Z', // divisible by 100, not by 400
      '2022-02-30T00:00:00Z',
      '2022-04-31T00:00:00Z',
      '2022-13-01T00:00:00Z',
      '2022-00-10T00:00:00Z',
      '2022-01-01T24:00:00Z',
      '2022-01-01T12:60:00Z',
      '2022-01-01T12:00:60Z',
      '2022-01-01T12:00:00', // no offset
      '2022-01-01 12:00:00Z',
      '2022-01-01T12:00:00+2:00',
      '2022-01-01T12:00:00+24:00',
      '2022-01-01T12:00:00.Z',
      '2022-01-01',
    ]) {
      expect(parseError(issuedAt(bad)).message).toBe(
        `line 9: "${bad}" is not an RFC 3339 date-time that exists on the calendar`,
      )
    }
  })

  it('requires at least 8 alphanumeric nonce characters', () => {
    expect(parseSiweMessage(minimal({ 7: 'Nonce: aB3dEf7h' })).nonce).toBe('aB3dEf7h')
    for (const bad of ['aB3dEf7', 'aB3d-Ef7h', 'aB3dEf7h ', '']) {
      expect(parseError(minimal({ 7: `Nonce: ${bad}` })).message).toBe(
        'line 8: the nonce must be at least 8 letters or digits',
      )
    }
  })

  it('checks the domain as an RFC 3986 authority and the scheme', () => {
    const header = (origin: string) =>
      minimal({ 0: `${origin} wants you to sign in with your Ethereum account:` })
    expect(parseSiweMessage(header('user@[2001:db8::1]:8080')).domain).toBe('user@[2001:db8::1]:8080')
    expect(parseSiweMessage(header('ws+tls://example.org')).scheme).toBe('ws+tls')
    expect(parseError(header('example.org/path')).field).toBe('domain')
    expect(parseError(header('exa mple.org')).field).toBe('domain')
    expect(parseError(header(':8080')).field).toBe('domain')
    expect(parseError(header('1http://example.org')).message).toBe(
      'line 1: "1http" is not an RFC 3986 scheme',
    )
    expect(parseError(header('https://')).message).toBe('line 1: the domain is missing')
    expect(
      parseError(minimal({ 0: 'example.org wants you to sign in with your Ethereum account' })).message,
    ).toBe('line 1: the first line must end with " wants you to sign in with your Ethereum account:"')
  })

  it('allows only RFC 3986 reserved/unreserved characters and spaces in the statement', () => {
    expect(parseSiweMessage(minimal({ 3: 'Sign in; then [go] ~home~ (now)!\n' })).statement).toBe(
      'Sign in; then [go] ~home~ (now)!',
    )
    for (const bad of ['Café', 'say "hi"', '100%', 'tab\there']) {
      expect(parseError(minimal({ 3: `${bad}\n` })).field).toBe('statement')
    }
  })

  it('requires the empty line between statement and URI', () => {
    expect(parseError(minimal({ 3: 'A statement' })).message).toBe(
      'line 5: the statement must be followed by an empty line',
    )
  })

  it('checks the URI, version, chain ID and resources', () => {
    expect(parseError(minimal({ 4: 'URI: not a uri' })).message).toBe(
      'line 5: "not a uri" is not an RFC 3986 URI',
    )
    expect(parseError(minimal({ 4: 'URI: https://exa mple.org' })).field).toBe('uri')
    expect(parseError(minimal({ 5: 'Version: 1.0' })).message).toBe(
      'line 6: version "1.0" is not a version number (decimal digits)',
    )
    expect(parseError(minimal({ 5: 'Version: ' })).field).toBe('version')
    expect(parseError(minimal({ 5: 'Version: \u0661' })).field).toBe('version')
    expect(parseError(minimal({ 6: 'Chain ID: -1' })).field).toBe('chainId')
    expect(parseError(minimal({ 6: 'Chain ID: 99999999999999999999' })).field).toBe('chainId')
    expect(parseError(`${minimal()}\nResources:\n- https://ok.example\n-https://no-space.example`).line).toBe(
      12,
    )
    expect(parseError(`${minimal()}\nResources:\n- relative/path`).message).toBe(
      'line 11: resource "relative/path" is not an RFC 3986 URI',
    )
  })

  it('parses any numeric version, leaving version 1 to the sign-in rules; onlyVersion1 holds to the ABNF', () => {
    expect(parseSiweMessage(minimal({ 5: 'Version: 2' })).version).toBe('2')
    expect(parseSiweMessage(minimal({ 5: 'Version: 10' }), { onlyVersion1: false }).version).toBe('10')
    expect(parseSiweMessage(minimal(), { onlyVersion1: true }).version).toBe('1')
    const strict = (() => {
      try {
        parseSiweMessage(minimal({ 5: 'Version: 2' }), { onlyVersion1: true })
      } catch (error) {
        return error
      }
    })()
    expect(strict).toBeInstanceOf(SiweParseError)
    expect(strict).toMatchObject({
      message: 'line 6: version "2" is not 1',
      field: 'version',
      code: 'invalid_message',
    })
  })

  it('names the missing field when the message ends early', () => {
    const lines = minimal().split('\n')
    expect(parseError(lines.slice(0, 7).join('\n')).message).toBe('line 8: expected "Nonce: " here')
    expect(parseError(lines.slice(0, 1).join('\n')).message).toBe(
      'line 2: the message ends before the address',
    )
    expect(parseError('').message).toBe(
      'line 1: the first line must end with " wants you to sign in with your Ethereum account:"',
    )
  })
})

describe('parseSiweMessage request ID', () => {
  it('is *pchar: a slash is refused', () => {
    expect(parseError(`${minimal()}\nRequest ID: a/b`).message).toBe(
      'line 10: the request ID may only hold URI path characters',
    )
  })
})
