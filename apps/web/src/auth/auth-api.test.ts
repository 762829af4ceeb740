import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { errorText } from '../lib/error-text.ts'
import { AuthApiError } from './auth-api.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })

describe('AuthApiError', () => {
  it('reads as the catalogue’s text for its code, not the server’s English message', () => {
    expect(errorText(t, new AuthApiError('rate_limited', 429, 'slow down'))).toBe('Too many requests.')
    expect(errorText(t, new AuthApiError('made_up', 400, 'what'))).toBe(
      'The sign-in service gave an unexpected answer.',
    )
  })
})
