import { useConnectModal } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { useFormatter, useTranslations } from 'use-intl'
import { safeSessionNoticeValues } from '../auth/safe-ownership.ts'
import { SafePagesRoute } from '../safe/SafePagesRoute.tsx'
import { parseSafeRoute, safeRouteHref, useLocationHash } from '../safe/safe-route.ts'
import { useSignIn } from './SignInProvider.tsx'

// Addresses read left to right in a right-to-left sentence too.
const address = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>

/** The sign-in part of the account area; for a signed-in smart account, its Safe pages too. */
export function SignInStatus({ gatewayUrl }: { gatewayUrl: string }) {
  const t = useTranslations('auth.status')
  const tAll = useTranslations()
  const format = useFormatter()
  const { status, session, owner, endedBecause, signOut } = useSignIn()
  const { openConnectModal } = useConnectModal()
  const route = parseSafeRoute(useLocationHash())
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h3 id="sign-in-title">{t('title')}</h3>
      {status === 'loading' && <p data-testid="sign-in-status">{t('checking')}</p>}
      {status === 'unauthenticated' && (
        <>
          <p data-testid="sign-in-status">{t('notSignedIn')}</p>
          {endedBecause && (
            <p className="notice" role="status" data-testid="sign-in-ended">
              {t.rich('safeSessionEnded', { ...safeSessionNoticeValues(tAll, endedBecause), address })}
            </p>
          )}
          <button type="button" className="primary" onClick={openConnectModal} disabled={!openConnectModal}>
            {t('signIn')}
          </button>
        </>
      )}
      {status === 'authenticated' && session && (
        <>
          <p data-testid="sign-in-status">{t('signedIn')}</p>
          <dl className="account__details">
            <dt>{t('signedInAs')}</dt>
            <dd data-testid="signed-in-address" dir="ltr">
              {session.address}
            </dd>
            <dt>{t('accountType')}</dt>
            <dd data-testid="signed-in-account-type">{t(`accountTypes.${session.accountType}`)}</dd>
            {owner && (
              <>
                <dt>{t('throughOwner')}</dt>
                <dd data-testid="signed-in-owner" dir="ltr">
                  {owner}
                </dd>
              </>
            )}
            <dt>{t('sessionEnds')}</dt>
            <dd>
              <time dateTime={session.expiresAt}>
                {format.dateTime(new Date(session.expiresAt), { dateStyle: 'short', timeStyle: 'medium' })}
              </time>
            </dd>
          </dl>
          <button type="button" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
          {session.accountType !== 'eoa' && (
            <>
              <p>
                <a href={safeRouteHref({ chainId: session.chainId, address: session.address })}>
                  {t('openSafePages')}
                </a>
              </p>
              {/* Not twice: the page itself shows this Safe already. */}
              {route?.address !== session.address && (
                <SafePagesRoute
                  route={{ chainId: session.chainId, address: session.address }}
                  gatewayUrl={gatewayUrl}
                />
              )}
            </>
          )}
        </>
      )}
    </section>
  )
}
