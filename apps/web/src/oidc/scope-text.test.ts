import { createTranslator } from 'use-intl'
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../i18n/catalogue.ts'
import { scopeText } from './scope-text.ts'

const t = createTranslator({ locale: 'en', messages: englishMessages })

describe('scopeText', () => {
  it('words every scope Signet offers, offline_access as staying signed in', () => {
    expect(
      ['openid', 'profile', 'eth', 'safe', 'offline_access'].map((scope) => scopeText(t, scope)),
    ).toEqual([
      'Your account id (chain and address)',
      'Your address as your user name',
      'Your address, chain and account type',
      "Your Safe's owners, threshold and version",
      'Stay signed in: the application may renew its access without asking you again',
    ])
  })

  it('shows any other scope by its name', () => {
    expect(scopeText(t, 'email')).toBe('email')
    expect(scopeText(t, 'toString')).toBe('toString')
  })
})
