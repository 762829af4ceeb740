import { readFileSync } from 'node:fs'

type Catalogue = { [key: string]: unknown }

/**
 * A language's catalogue file (src/i18n/catalogues/<locale>.json) flattened to `area.key` → message,
 * as the catalogue test and the browser tests read it. A non-string leaf is kept, for the test to report.
 */
export function readCatalogue(locale: string): Map<string, unknown> {
  const json = JSON.parse(readFileSync(new URL(`./catalogues/${locale}.json`, import.meta.url), 'utf8'))
  const flat = new Map<string, unknown>()
  const walk = (node: Catalogue, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        walk(value as Catalogue, `${prefix}${key}.`)
      else flat.set(prefix + key, value)
    }
  }
  walk(json as Catalogue, '')
  return flat
}

/** Two words of letters or more (a phrase a reader would notice left in English). */
export function isPhrase(text: string): boolean {
  return /\p{L}{2,}\s+\p{L}{2,}/u.test(text)
}
