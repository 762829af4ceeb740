import { useTranslations } from 'use-intl'

/** Shown instead of the app when the run-time configuration cannot be read. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const t = useTranslations('app.configError')
  const message = error instanceof Error ? error.message : String(error)
  return (
    <main id="main" className="config-error">
      <h1>{t('title')}</h1>
      <p role="alert">{message}</p>
      <p>{t('advice')}</p>
    </main>
  )
}
