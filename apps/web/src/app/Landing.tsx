import { useTranslations } from 'use-intl'

const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>

/** What Signet does, for a visitor who has not connected yet. */
export function Landing({ appName }: { appName: string }) {
  const t = useTranslations('app')
  return (
    <section className="landing" aria-labelledby="landing-title">
      <h1 id="landing-title">{t('landing.title')}</h1>
      <p className="landing__lead">{t('landing.lead', { appName })}</p>
      <ol className="landing__steps">
        <li>{t.rich('landing.connectStep', { strong })}</li>
        <li>{t.rich('landing.signStep', { strong })}</li>
        <li>{t.rich('landing.doneStep', { strong })}</li>
      </ol>
      <p className="landing__hint">{t('landing.hint', { connectWallet: t('connectWallet') })}</p>
    </section>
  )
}
