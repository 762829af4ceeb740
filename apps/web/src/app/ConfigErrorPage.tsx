import { useTranslations } from 'use-intl'
import { errorText } from '../lib/error-text.ts'

/** Shown instead of the app when the run-time configuration cannot be read. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const t = useTranslations()
  return (
    <main id="main" className="config-error">
      <h1>{t('app.configError.title')}</h1>
      <p role="alert">{errorText(t, error)}</p>
      <p>{t('app.configError.advice')}</p>
    </main>
  )
}
