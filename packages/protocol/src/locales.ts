/**
 * The languages Signet speaks: the ones RainbowKit ships, so that the connect dialog and Signet's
 * own texts on one screen are always in the same language. `SIGNET_LOCALE` (server) pins one of
 * these for every visitor; otherwise the browser's languages choose ({@link resolveLocale}).
 */
export const supportedLocales = [
  'en',
  'ar',
  'de',
  'es',
  'fr',
  'hi',
  'id',
  'ja',
  'ko',
  'ms',
  'pt',
  'ru',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-HK',
  'zh-TW',
] as const

export type Locale = (typeof supportedLocales)[number]

export const defaultLocale: Locale = 'en'

/** Languages written right to left. */
const rightToLeft: ReadonlySet<Locale> = new Set(['ar'])

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr'
}

/** Chinese tags by script or region: Traditional for Taiwan, Hong Kong and Macao, else Simplified. */
function chineseLocale(tag: string): Locale {
  if (/-(hk|mo)$/.test(tag)) return 'zh-HK'
  if (/-(tw|hant)(-|$)/.test(tag)) return 'zh-TW'
  return 'zh-CN'
}

/**
 * The first of the browser's languages (`navigator.languages`, most preferred first) that Signet
 * speaks, by exact tag and then by language (`fr-CA` → `fr`, `pt-PT` → `pt`, `zh-Hant` → `zh-TW`);
 * English when none is. Tags are compared case-insensitively.
 *
 * @example resolveLocale(['de-AT', 'en-US']) // 'de'
 */
export function resolveLocale(preferred: readonly string[]): Locale {
  for (const raw of preferred) {
    const tag = raw.trim().toLowerCase().replaceAll('_', '-')
    if (!tag) continue
    const language = tag.split('-')[0] ?? ''
    if (language === 'zh') return chineseLocale(tag)
    const match = supportedLocales.find((locale) => locale.toLowerCase() === language)
    if (match) return match
  }
  return defaultLocale
}
