import { describe, expect, it } from 'vitest'
import { SiweParseError } from '../../src/errors.ts'
import { formatSiweMessage } from '../../src/siwe/format.ts'
import { parseSiweMessage } from '../../src/siwe/parse.ts'
import { loadSiweVectors, vectorsMissingMessage, withoutNulls } from './siwe-vectors.ts'

const vectors = loadSiweVectors()

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
        expect(parseSiweMessage(message)).toStrictEqual(withoutNulls(fields))
      })
      it(`${name} (built back from its fields gives the same text)`, () => {
        expect(formatSiweMessage(fields)).toBe(message)
      })
    }
  })

  describe('parsing_negative.json: rejected', () => {
    for (const [name, message] of Object.entries(vectors?.parsingNegative ?? {})) {
      it(name, () => {
        expect(() => parseSiweMessage(message)).toThrow(SiweParseError)
      })
    }
  })

  describe('parsing_negative_objects.json: building a message from these fields fails', () => {
    for (const [name, fields] of Object.entries(vectors?.parsingNegativeObjects ?? {})) {
      it(name, () => {
        expect(() => formatSiweMessage(fields)).toThrow(SiweParseError)
      })
    }
  })
})
