import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { AuthApiError } from '../auth/auth-api.ts'
import { englishMessages } from '../i18n/catalogue.ts'
import { interactionErrorText } from './interaction-error-text.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })

describe('interactionErrorText', () => {
  it('words a known code from the catalogue, not the server’s message', () => {
    expect(interactionErrorText(t, new AuthApiError('wrong_step', 409, 'server words'))).toBe(
      'This sign-in request does not ask for this step now: reload the page.',
    )
  })

  it('has a generic text for an unknown code or a plain error', () => {
    const generic =
      'Something went wrong with this sign-in request. Try again, or start again from the application.'
    expect(interactionErrorText(t, new AuthApiError('internal_error', 500, 'boom'))).toBe(generic)
    expect(interactionErrorText(t, new Error('boom'))).toBe(generic)
    expect(interactionErrorText(t, new AuthApiError('toString', 500, 'boom'))).toBe(generic)
  })
})
