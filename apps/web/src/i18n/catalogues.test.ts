import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import { supportedLocales } from '@signet/protocol/locales'
import { describe, expect, it } from 'vitest'
import { isPhrase, readCatalogue } from './catalogue-files.test-support.ts'

/** The placeholders of a message: `name:kind` for arguments, `<tag>` for markup, sorted. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (isArgumentElement(element)) found.add(`${element.value}:text`)
    else if (isNumberElement(element)) found.add(`${element.value}:number`)
    else if (isDateElement(element) || isTimeElement(element)) found.add(`${element.value}:date`)
    else if (isPluralElement(element) || isSelectElement(element)) {
      found.add(`${element.value}:${isPluralElement(element) ? 'plural' : 'select'}`)
      for (const option of Object.values(element.options)) placeholders(option.value, found)
    } else if (isTagElement(element)) {
      found.add(`<${element.value}>`)
      placeholders(element.children, found)
    }
  }
  return found
}

/** Each plural argument of a message with the categories it gives (`one`, `few`, `other`…). */
function pluralCategories(elements: MessageFormatElement[], found: string[] = []): string[] {
  for (const element of elements) {
    if (isPluralElement(element)) {
      found.push(`${element.value}: ${Object.keys(element.options).sort().join(' ')}`)
      for (const option of Object.values(element.options)) pluralCategories(option.value, found)
    } else if (isSelectElement(element)) {
      for (const option of Object.values(element.options)) pluralCategories(option.value, found)
    } else if (isTagElement(element)) pluralCategories(element.children, found)
  }
  return found
}

/**
 * The plural categories a language uses for the counts a Safe has (0 to 200 owners or confirmations),
 * and `other`, which ICU requires: English `one other`, Russian `few many one other`, Japanese `other`.
 */
function categoriesFor(locale: string): string {
  const rules = new Intl.PluralRules(locale)
  const used = new Set(['other', ...Array.from({ length: 201 }, (_, count) => rules.select(count))])
  return [...used].sort().join(' ')
}

function placeholdersOf(message: string, locale: string): string[] {
  return [
    ...placeholders(parse(message, { requiresOtherClause: true, locale: new Intl.Locale(locale) })),
  ].sort()
}

const english = readCatalogue('en')

/**
 * Safe's contract terms and "Safe App", which some languages keep in English on purpose (as Safe{Wallet} does);
 * any other message of two words or more that equals the English one was not translated.
 */
const termsKeptInEnglish = new Set(['safe.info.masterCopy', 'safe.info.fallbackHandler', 'safeApp.title'])

/** A phrase once placeholders are left out. */
const isPhraseWithoutPlaceholders = (text: string) => isPhrase(text.replace(/\{[^}]*\}/g, ''))

describe.each(supportedLocales)('the plurals of the %s catalogue', (locale) => {
  it('give every form the language uses for counts ("1 owner", not "1 owners")', () => {
    const wanted = categoriesFor(locale)
    const problems: string[] = []
    for (const [key, text] of readCatalogue(locale)) {
      const elements = parse(text as string, { requiresOtherClause: true, locale: new Intl.Locale(locale) })
      for (const plural of pluralCategories(elements)) {
        const [argument, categories] = plural.split(': ') as [string, string]
        // Exact-count options (`=0`) come in addition to the language's categories.
        const given = categories
          .split(' ')
          .filter((category) => !category.startsWith('='))
          .join(' ')
        if (given !== wanted) problems.push(`${key} {${argument}}: ${given} instead of ${wanted}`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe('the English catalogue', () => {
  it('holds only non-empty, well-formed ICU messages', () => {
    expect(english.size).toBeGreaterThan(0)
    for (const [key, text] of english) {
      expect(typeof text === 'string' && text.trim() !== '', `en: ${key} is empty`).toBe(true)
      expect(() => placeholdersOf(text as string, 'en'), `en: ${key}`).not.toThrow()
    }
  })
})

describe.each(supportedLocales.filter((locale) => locale !== 'en'))('the %s catalogue', (locale) => {
  const catalogue = readCatalogue(locale)

  it('has every English key and no other', () => {
    const missing = [...english.keys()].filter((key) => !catalogue.has(key))
    const extra = [...catalogue.keys()].filter((key) => !english.has(key))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it('leaves no phrase in English', () => {
    const untranslated = [...english].filter(
      ([key, text]) =>
        !termsKeptInEnglish.has(key) &&
        catalogue.get(key) === text &&
        isPhraseWithoutPlaceholders(text as string),
    )
    expect(untranslated.map(([key]) => key)).toEqual([])
  })

  it('has no empty text and the same placeholders as English in each message', () => {
    const problems: string[] = []
    for (const [key, englishText] of english) {
      const text = catalogue.get(key)
      if (text === undefined) continue
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${key}: empty`)
        continue
      }
      try {
        const expected = placeholdersOf(englishText as string, 'en')
        const actual = placeholdersOf(text, locale)
        if (expected.join() !== actual.join())
          problems.push(`${key}: placeholders ${actual.join(' ')} instead of ${expected.join(' ')}`)
      } catch (error) {
        problems.push(`${key}: not a valid ICU message (${(error as Error).message})`)
      }
    }
    expect(problems).toEqual([])
  })
})
