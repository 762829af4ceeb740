import { useTranslations } from 'use-intl'
import { PublicConfigError } from '../config/public-config.ts'
import type { Translate } from '../i18n/translate.ts'
import { thrownText } from '../lib/ErrorBoundary.tsx'

/** Shown instead of the app when the run-time configuration cannot be read. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const t = useTranslations()
  return (
    <main id="main" className="config-error">
      <h1>{t('app.configError.title')}</h1>
      <p role="alert">{configErrorText(t, error)}</p>
      <p>{t('app.configError.advice')}</p>
    </main>
  )
}

/** The config's problem in the page's language; any other failure (e.g. offline) by its own message. */
function configErrorText(t: Translate, error: unknown): string {
  if (!(error instanceof PublicConfigError)) return thrownText(t, error)
  const { field, problem } = error
  switch (problem.kind) {
    case 'httpStatus':
      return t('app.configError.httpStatus', { field, status: String(problem.status) })
    case 'invalid':
      return t('app.configError.invalid', { field, problem: problem.detail })
    default:
      return t(`app.configError.${problem.kind}`, { field })
  }
}
