import {
  GatewayHttpError,
  GatewayNetworkError,
  GatewayResponseError,
  GatewayTimeoutError,
} from '@signet/gateway/errors'
import { createTranslator } from 'use-intl'
import { BaseError, HttpRequestError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import de from '../i18n/catalogues/de.json'
import { errorText } from './error-text.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })
const tDe = createTranslator({ locale: 'de', messages: de as typeof englishMessages })

/** An error of one of Signet's features, as lib/ sees it: by its name and fields. */
const named = <T extends object>(name: string, fields: T) =>
  Object.assign(new Error('English detail'), { name }, fields)

describe('errorText', () => {
  it('gives viem’s short message, without its details and docs link', () => {
    const error = new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed' })
    expect(error.message).toContain('fetch failed')
    expect(errorText(t, error)).toBe('HTTP request failed.')
    expect(errorText(t, new UserRejectedRequestError(new Error('rejected')))).toBe(
      'User rejected the request.',
    )
    expect(errorText(t, new BaseError('The fee is odd.', { details: 'more' }))).toBe('The fee is odd.')
  })

  it('words the gateway client’s failures from the catalogue, and quotes the gateway’s own answer', () => {
    expect(errorText(t, new GatewayTimeoutError('getSafeInfo', 'GET /v1/chains/1/safes/0x1', 8000))).toBe(
      'The Safe Client Gateway did not answer within 8000 ms (GET /v1/chains/1/safes/0x1)',
    )
    expect(
      errorText(t, new GatewayNetworkError('getSafeInfo', 'GET /v1/chains/1', new TypeError('fetch failed'))),
    ).toBe('The Safe Client Gateway could not be reached (GET /v1/chains/1): fetch failed')
    expect(
      errorText(t, new GatewayResponseError('getSafeInfo', 'owners[0].value', 'expected a string')),
    ).toBe('Unexpected Safe Client Gateway response to getSafeInfo: owners[0].value: expected a string')
    expect(errorText(t, new GatewayResponseError('getBalances', '', 'expected an object'))).toBe(
      'Unexpected Safe Client Gateway response to getBalances: expected an object',
    )
    expect(
      errorText(t, new GatewayHttpError('getSafeInfo', 404, '404: No Safe deployed at 0x1', undefined)),
    ).toBe('404: No Safe deployed at 0x1')
    expect(errorText(tDe, new GatewayTimeoutError('getSafeInfo', 'GET /x', 5))).toBe(
      tDe('safe.gatewayErrors.timeout', { timeoutMs: 5, request: 'GET /x' }),
    )
  })

  it('words the auth API’s errors by their code, never the server’s English message', () => {
    expect(errorText(t, named('AuthApiError', { code: 'rate_limited' }))).toBe('Too many requests.')
    expect(errorText(tDe, named('AuthApiError', { code: 'rate_limited' }))).toBe('Zu viele Anfragen.')
    expect(errorText(t, named('AuthApiError', { code: 'no_such_code' }))).toBe(
      'The sign-in service gave an unexpected answer.',
    )
  })

  it('words the run-time config’s problems', () => {
    const field = '#signet-config'
    expect(errorText(t, named('PublicConfigError', { field, problem: { kind: 'missing' } }))).toBe(
      'Invalid Signet configuration: #signet-config is missing from the page',
    )
    expect(errorText(t, named('PublicConfigError', { field, problem: { kind: 'notJson' } }))).toBe(
      'Invalid Signet configuration: #signet-config is not valid JSON',
    )
    expect(
      errorText(t, named('PublicConfigError', { field, problem: { kind: 'httpStatus', status: 503 } })),
    ).toBe('Invalid Signet configuration: #signet-config answered HTTP 503')
    expect(
      errorText(
        t,
        named('PublicConfigError', { field: 'chains', problem: { kind: 'invalid', detail: 'empty' } }),
      ),
    ).toBe('Invalid Signet configuration: chains is invalid: empty')
  })

  it('words a Safe sign-in error from its catalogue text, or quotes another party’s words', () => {
    const account = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const notAnOwner = named('SafeSignInError', {
      code: 'NOT_AN_OWNER',
      text: { key: 'notAnOwner', values: { account } },
    })
    expect(errorText(t, notAnOwner)).toBe(`The connected account ${account} is not an owner of this Safe.`)
    expect(errorText(tDe, notAnOwner)).toBe(tDe('safeTracker.errors.notAnOwner', { account }))
    const hostRefusal = Object.assign(new Error('The Safe refused: blocked by policy'), {
      name: 'SafeSignInError',
      code: 'SAFE_SIGNING_REJECTED',
    })
    expect(errorText(t, hostRefusal)).toBe('The Safe refused: blocked by policy')
  })

  it('gives any other error’s message, any other value as a string, and says so when there is none', () => {
    expect(errorText(t, new Error('boom'))).toBe('boom')
    expect(errorText(t, 'a string')).toBe('a string')
    expect(errorText(t, 42)).toBe('42')
    expect(errorText(t, null)).toBe('null')
    expect(errorText(t, new Error(''))).toBe('Unknown error')
    expect(errorText(tDe, '')).toBe('Unbekannter Fehler')
  })
})
