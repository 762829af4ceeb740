import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser'
import { isPhrase, readCatalogue } from '../../src/i18n/catalogue-files.test-support.ts'

/** Signet's catalogue of one language, flattened to `area.key` → ICU message. */
export function catalogue(locale: string): Map<string, string> {
  return readCatalogue(locale) as Map<string, string>
}

/** The literal runs of a message, between its placeholders, tags and plural forms. */
function literalRuns(elements: MessageFormatElement[], runs: string[] = []): string[] {
  let current = ''
  const flush = () => {
    if (current.trim()) runs.push(current.trim())
    current = ''
  }
  for (const element of elements) {
    if (isLiteralElement(element)) current += element.value
    else {
      flush()
      if (isTagElement(element)) literalRuns(element.children, runs)
      if (isPluralElement(element) || isSelectElement(element))
        for (const option of Object.values(element.options)) literalRuns(option.value, runs)
    }
  }
  flush()
  return runs
}

/**
 * The English sentences and phrases (two words or more) of the catalogue that the `locale`
 * catalogue words differently: none of them may be on a page shown in that language.
 */
export function englishPhrasesAbsentFrom(locale: string): string[] {
  const english = catalogue('en')
  const other = catalogue(locale)
  const phrases = new Set<string>()
  for (const [key, text] of english) {
    const translated = other.get(key) ?? ''
    for (const run of literalRuns(parse(text))) {
      if (!isPhrase(run) || run.length < 8) continue
      if (translated.includes(run)) continue
      phrases.add(run)
    }
  }
  return [...phrases]
}

/** One message of a catalogue without placeholders (`{…}` left out), for finding it on a page. */
export function plainText(locale: string, key: string): string {
  const text = catalogue(locale).get(key)
  if (text === undefined) throw new Error(`no ${key} in the ${locale} catalogue`)
  return literalRuns(parse(text)).join(' ')
}
