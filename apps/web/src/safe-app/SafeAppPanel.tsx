import './safe-app.css'
import type { PublicConfig } from '@signet/protocol/public-config'
import { useEffect } from 'react'
import { useTranslations } from 'use-intl'
import { AddressBookView } from './AddressBookView.tsx'
import { SafeContextView } from './SafeContextView.tsx'
import { SafeSignInView } from './SafeSignInView.tsx'
import { useSafeAppConnection } from './use-safe-app-session.ts'

/**
 * Safe App mode (the page is framed): the Safe's context, its address book and signing in as the
 * Safe. Loaded only inside a frame, so the standalone app never carries this code.
 */
export default function SafeAppPanel({ config }: { config: PublicConfig }) {
  const t = useTranslations()
  const connection = useSafeAppConnection()
  const session = connection.status === 'connected' ? connection.session : undefined

  // Demo and dev only: the Safe provider, to try provider calls from the console (and the tests).
  useEffect(() => {
    if (!session || config.mode === 'production') return
    ;(window as { signetSafeAppProvider?: unknown }).signetSafeAppProvider = session.provider
  }, [session, config.mode])

  return (
    <section className="account safe-app" aria-labelledby="safe-app-title" data-testid="safe-app">
      <h2 id="safe-app-title">{t('safeApp.title')}</h2>
      {connection.status === 'connecting' && <p role="status">{t('safeApp.connecting')}</p>}
      {connection.status === 'not-a-safe-host' && (
        <p className="notice notice--warning" data-testid="safe-app-unavailable">
          {t('safeApp.notASafeHost', { appName: config.appName })}
        </p>
      )}
      {session && (
        <>
          <SafeContextView session={session} />
          <SafeSignInView session={session} chains={config.chains} />
          <AddressBookView session={session} />
        </>
      )}
    </section>
  )
}
