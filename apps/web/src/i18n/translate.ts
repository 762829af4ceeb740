import type { useTranslations } from 'use-intl'

/**
 * The translator over all of Signet's texts, by full key (`t('auth.verify.expired')`): what
 * components get from `useTranslations()` and hand to the plain functions that word a message.
 */
export type Translate = ReturnType<typeof useTranslations<never>>
