import { samplePublicConfig as valid } from '@signet/protocol/sample-public-config.test-support'
import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { errorText } from '../lib/error-text.ts'
import { PublicConfigError, readPublicConfig } from './public-config.ts'

describe('readPublicConfig', () => {
  const page = (text: string | undefined) =>
    ({
      getElementById: (id: string) =>
        id === 'signet-config' && text !== undefined ? { textContent: text } : null,
    }) as unknown as Document

  it('reads the script the server injected', () => {
    expect(readPublicConfig(page(JSON.stringify(valid)))).toEqual(valid)
  })

  it('says when the script is missing or not JSON', () => {
    expect(() => readPublicConfig(page(undefined))).toThrow(
      'Invalid Signet configuration: #signet-config is missing from the page',
    )
    expect(() => readPublicConfig(page('{'))).toThrow(
      'Invalid Signet configuration: #signet-config is not valid JSON',
    )
  })

  it('names the bad field of a config that does not fit the protocol', () => {
    const error = (() => {
      try {
        readPublicConfig(page(JSON.stringify({ ...valid, mode: 'staging' })))
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(PublicConfigError)
    expect((error as PublicConfigError).field).toBe('mode')
    expect((error as Error).message).toBe(
      'Invalid Signet configuration: mode is invalid: expected one of production, demo, dev, got "staging"',
    )
  })
})

describe('PublicConfigError', () => {
  it('reads as the catalogue’s text, which in English is its message', () => {
    const t = createTranslator({ locale: 'en', messages: englishMessages })
    for (const problem of [
      { kind: 'missing' },
      { kind: 'notJson' },
      { kind: 'httpStatus', status: 404 },
      { kind: 'invalid', detail: 'chains: empty' },
    ] as const) {
      const error = new PublicConfigError('#signet-config', problem)
      expect(errorText(t, error)).toBe(error.message)
    }
  })
})
