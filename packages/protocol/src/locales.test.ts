import { describe, expect, it } from 'vitest'
import { resolveLocale, supportedLocales, textDirection } from './locales.ts'

describe('resolveLocale', () => {
  it('takes the first supported language, by exact tag and then by language', () => {
    expect(resolveLocale(['fr-FR', 'en-US'])).toBe('fr')
    expect(resolveLocale(['fr-CA'])).toBe('fr')
    expect(resolveLocale(['nl-NL', 'de-AT', 'en'])).toBe('de')
    expect(resolveLocale(['pt-PT'])).toBe('pt')
    expect(resolveLocale(['es-419'])).toBe('es')
    expect(resolveLocale(['uk'])).toBe('uk')
    expect(resolveLocale(['AR_eg'])).toBe('ar')
  })

  it('tells Traditional from Simplified Chinese by script and region', () => {
    expect(resolveLocale(['zh'])).toBe('zh-CN')
    expect(resolveLocale(['zh-Hans-CN'])).toBe('zh-CN')
    expect(resolveLocale(['zh-SG'])).toBe('zh-CN')
    expect(resolveLocale(['zh-TW'])).toBe('zh-TW')
    expect(resolveLocale(['zh-Hant'])).toBe('zh-TW')
    expect(resolveLocale(['zh-Hant-TW'])).toBe('zh-TW')
    expect(resolveLocale(['zh-HK'])).toBe('zh-HK')
    expect(resolveLocale(['zh-Hant-HK'])).toBe('zh-HK')
    expect(resolveLocale(['zh-MO'])).toBe('zh-HK')
  })

  it('falls back to English when no language is spoken or none is given', () => {
    expect(resolveLocale(['nl', 'sv'])).toBe('en')
    expect(resolveLocale([])).toBe('en')
    expect(resolveLocale(['', ' '])).toBe('en')
  })

  it('resolves every supported locale to itself', () => {
    for (const locale of supportedLocales) expect(resolveLocale([locale])).toBe(locale)
  })
})

describe('textDirection', () => {
  it('is right to left for Arabic only', () => {
    expect(supportedLocales.filter((locale) => textDirection(locale) === 'rtl')).toEqual(['ar'])
  })
})
