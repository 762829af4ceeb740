import type { Locale } from '@signet/protocol/locales'
import type { Messages } from './catalogue.ts'

// Message keys and locales are checked by the compiler: `t('auth.nope')` does not build.
declare module 'use-intl' {
  interface AppConfig {
    Locale: Locale
    Messages: Messages
  }
}
