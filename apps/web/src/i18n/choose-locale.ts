import { type Locale, resolveLocale } from '@signet/protocol/locales'

/**
 * The language of this page: the one the operator pinned (`SIGNET_LOCALE`), else the first of the
 * browser's languages Signet speaks, else English — as RainbowKit chooses, so both agree.
 */
export function chooseLocale(
  pinned: Locale | undefined,
  browser: Pick<Navigator, 'languages' | 'language'>,
): Locale {
  if (pinned) return pinned
  return resolveLocale(browser.languages?.length ? browser.languages : [browser.language ?? ''])
}

/** RainbowKit's name for each of Signet's languages (it calls Ukrainian `uk-UA`, not `uk`). */
export function rainbowKitLocale(locale: Locale) {
  return locale === 'uk' ? ('uk-UA' as const) : locale
}
