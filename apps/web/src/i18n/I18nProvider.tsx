import { type Locale, textDirection } from '@signet/protocol/locales'
import type { ReactNode } from 'react'
import { IntlProvider } from 'use-intl'
import type { Messages } from './catalogue.ts'

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

/** Signet's texts and `Intl` formats in one language for everything below it. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale
  messages: Messages
  children: ReactNode
}) {
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={timeZone}>
      {children}
    </IntlProvider>
  )
}

/** `<html lang dir>`: screen readers, fonts, hyphenation and right-to-left layout follow the language. */
export function applyDocumentLanguage(locale: Locale, root: HTMLElement = document.documentElement): void {
  root.lang = locale
  root.dir = textDirection(locale)
}
