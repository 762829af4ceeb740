import { describe, expect, it } from 'vitest'
import { SiweParseError } from '../../src/errors.ts'
import { formatSiweMessage } from '../../src/siwe/format.ts'
import { parseSiweMessage } from '../../src/siwe/parse.ts'
import { loadSiweVectors, vectorsMissingMessage, withoutNulls } from './siwe-vectors.ts'

const vectors = loadSiweVectors()
// EIP-4361's grammar exactly (version "1"); the server's sign-in parses any numeric version and refuses
// it as unsupported_version instead (see parseSiweMessage).
const eip4361 = { onlyVersion1: true }

/** The field each negative vector must be rejected for (undefined: the line structure is wrong). */
const rejectedField: Record<string, string | undefined> = {
  'missing domain': 'domain',
  'missing address': 'address',
  'missing uri': 'uri',
  'missing version': 'version',
  'missing chainId': 'chainId',
  'missing nonce': 'nonce',
  'missing issuedAt': 'issuedAt',
  'out of order uri': 'uri',
  'out of order version': 'version',
  'out of order chainId': 'chainId',
  'out of order nonce': 'nonce',
  'out of order issuedAt': 'issuedAt',
  'out of order expirationTime': undefined,
  'out of order notBefore': undefined,
  'out of order requestId': undefined,
  'out of order resources': undefined,
  'domain not RFC4501 authority': 'domain',
  'address not EIP-55': 'address',
  'statement has line break': undefined,
  'uri is non-RFC 3986': 'uri',
  'version not 1': 'version',
  'not a valid chainId': 'chainId',
  'nonce with less then 8 chars': 'nonce',
  'non-ISO 8601 issuedAt': 'issuedAt',
  'non-ISO 8601 expirationTime': 'expirationTime',
  'non-ISO 8601 notBefore': 'notBefore',
  'resources not separated by line break': 'resources',
  'first resource not-RFC 3986': 'resources',
  'second resource is not-RFC3986': 'resources',
}

function parseFailure(message: string): SiweParseError {
  try {
    parseSiweMessage(message, eip4361)
  } catch (error) {
    if (error instanceof SiweParseError) return error
    throw error
  }
  throw new Error('the message parsed')
}

describe('EIP-4361 conformance: parsing', () => {
  it('finds the public vectors', () => {
    expect(vectors, vectorsMissingMessage).toBeDefined()
    expect(Object.keys(vectors?.parsingPositive ?? {})).toHaveLength(19)
    expect(Object.keys(vectors?.parsingNegative ?? {})).toHaveLength(29)
    expect(Object.keys(vectors?.parsingNegativeObjects ?? {})).toHaveLength(18)
  })

  describe('parsing_positive.json: parses into exactly these fields', () => {
    for (const [name, { message, fields }] of Object.entries(vectors?.parsingPositive ?? {})) {
      it(name, () => {
        expect(parseSiweMessage(message, eip4361)).toStrictEqual(withoutNulls(fields))
      })
      it(`${name} (built back from its fields gives the same text)`, () => {
        expect(formatSiweMessage(fields, eip4361)).toBe(message)
      })
    }
  })

  describe('parsing_negative.json: rejected', () => {
    for (const [name, message] of Object.entries(vectors?.parsingNegative ?? {})) {
      it(name, () => {
        const error = parseFailure(message)
        expect(error.code).toBe('invalid_message')
        expect(error.field, error.message).toBe(name in rejectedField ? rejectedField[name] : error.field)
      })
    }
  })

  describe('parsing_negative_objects.json: building a message from these fields fails', () => {
    for (const [name, fields] of Object.entries(vectors?.parsingNegativeObjects ?? {})) {
      it(name, () => {
        expect(() => formatSiweMessage(fields, eip4361)).toThrow(SiweParseError)
      })
    }
  })
})
