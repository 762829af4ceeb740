import { defaultLocale, type Locale } from '@signet/protocol/locales'
import english from './catalogues/en.json'

/**
 * Signet's texts, one JSON catalogue per language in ICU MessageFormat (`{count, plural, …}`),
 * grouped by the part of the app that shows them. English is the source and ships with the first
 * paint; every other catalogue is its own chunk, fetched only for the language that is shown.
 */
export type Messages = typeof english

const otherCatalogues = import.meta.glob<Messages>(['./catalogues/*.json', '!./catalogues/en.json'], {
  import: 'default',
})

export const englishMessages: Messages = english

/** The catalogue of `locale`; English for English, or when the catalogue cannot be fetched. */
export async function loadCatalogue(locale: Locale): Promise<Messages> {
  if (locale === defaultLocale) return english
  const load = otherCatalogues[`./catalogues/${locale}.json`]
  if (!load) throw new Error(`No catalogue for ${locale}`)
  return load()
}
