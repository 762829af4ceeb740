import { ConnectButton, useConnectModal } from '@rainbow-me/rainbowkit'
import type { PublicConfig } from '@signet/protocol/public-config'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'use-intl'
import { type AuthApi, createAuthApi } from '../auth/auth-api.ts'
import { SignInErrorNotice } from '../auth/SignInErrorNotice.tsx'
import type { SafeSignInServices } from '../safe-message-tracker/safe-sign-in-services.ts'
import type { KeyValueStorage } from '../safe-message-tracker/stored-sign-in.ts'
import { useSafeSignInServices } from '../safe-message-tracker/use-safe-sign-in-services.ts'
import { SignInAsOwnedSafe } from '../safe-sign-in/SignInAsOwnedSafe.tsx'
import { SignInProvider } from '../session/SignInProvider.tsx'
import { OpenConnectModalOnRequest } from '../wallet/OpenConnectModalOnRequest.tsx'
import { ConnectErrorNotice } from '../wallet/WalletNotices.tsx'
import { WalletProviders } from '../wallet/WalletProviders.tsx'
import type { AppProps } from '../wallet/wallet-part.ts'
import { createInteractionApi, type InteractionApi, type InteractionDetails } from './interaction-api.ts'
import { interactionErrorText } from './interaction-error-text.ts'
import { scopeText } from './scope-text.ts'
import './oidc-interaction.css'

export type OidcInteractionAppProps = AppProps & { uid: string }

/**
 * An application's sign-in request (`/oidc/interaction/<uid>`): says which application asks and for
 * what, then the usual Connect Wallet and Verify account — the message names the application and lists
 * its redirect URI (for a device's request, Signet's device page) — or "Continue as" this browser's
 * Signet session; then consent (unless the operator made the application skip it), then back to the
 * application, or for a device to Signet's "signed in" page.
 */
export default function OidcInteractionApp({
  uid,
  config,
  theme,
  wagmiConfig,
  slots,
  connectRequested,
  onConnectRequestDone,
}: OidcInteractionAppProps) {
  const t = useTranslations()
  const api = useMemo(() => createInteractionApi(uid), [uid])
  const [details, setDetails] = useState<InteractionDetails>()
  const [failure, setFailure] = useState<unknown>()
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    api.details().then(setDetails, (error: unknown) => setFailure(error ?? new Error('no details')))
  }, [api])

  const leaveFor = useCallback((url: string) => {
    setLeaving(true)
    window.location.assign(url)
  }, [])

  // RainbowKit's verify step signs in to this request instead of to Signet alone; an existing session is
  // offered by the page ("Continue as"), not taken silently.
  const authApi = useMemo<AuthApi>(() => {
    const signet = createAuthApi()
    return {
      ...signet,
      getSession: async () => undefined,
      async verify(request) {
        const { redirectTo, session } = await api.login(request)
        leaveFor(redirectTo)
        return session
      },
    }
  }, [api, leaveFor])
  const message = useMemo(
    () => (details ? { statement: details.statement, resources: [details.resource] } : undefined),
    [details],
  )
  const safeSignInStorage = useMemo(
    () => (details ? applicationStorage(window.localStorage, details.client.id) : undefined),
    [details],
  )

  if (!details) {
    return createPortal(
      failure ? (
        <div className="notice notice--warning" role="alert" data-testid="oidc-failure">
          <p>{interactionErrorText(t, failure)}</p>
        </div>
      ) : (
        <p role="status">{t('oidc.loading')}</p>
      ),
      slots.route ?? slots.top,
    )
  }

  return (
    <WalletProviders
      config={config}
      wagmiConfig={wagmiConfig}
      theme={theme}
      authentication={(children) => (
        <SignInProvider
          api={authApi}
          appName={details.client.name}
          gatewayUrl={config.gatewayUrl}
          {...(message ? { message } : {})}
          {...(safeSignInStorage ? { safeSignInStorage } : {})}
        >
          {children}
        </SignInProvider>
      )}
    >
      {createPortal(
        <div data-rk="">
          <ConnectButton />
        </div>,
        slots.connect,
      )}
      <OpenConnectModalOnRequest requested={connectRequested} onDone={onConnectRequestDone} />
      {createPortal(<ConnectErrorNotice />, slots.top)}
      {createPortal(
        <InteractionPanel details={details} api={api} config={config} leaving={leaving} onLeave={leaveFor} />,
        slots.route ?? slots.top,
      )}
      {createPortal(<SignInErrorNotice />, slots.overlay)}
    </WalletProviders>
  )
}

type InteractionPanelProps = {
  details: InteractionDetails
  api: InteractionApi
  config: Pick<PublicConfig, 'appName' | 'gatewayUrl' | 'chains'>
  leaving: boolean
  onLeave: (url: string) => void
}

/** A pending Safe sign-in per application, apart from Signet's own (which the home page resumes). */
function applicationStorage(storage: KeyValueStorage, clientId: string): KeyValueStorage {
  const key = (name: string) => `${name}:oidc:${clientId}`
  return {
    getItem: (name) => storage.getItem(key(name)),
    setItem: (name, value) => storage.setItem(key(name), value),
    removeItem: (name) => storage.removeItem(key(name)),
  }
}

function InteractionPanel({ details, api, config, leaving, onLeave }: InteractionPanelProps) {
  const t = useTranslations('oidc')
  const translate = useTranslations()
  const appName = config.appName
  const { openConnectModal } = useConnectModal()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  // The Safe's owners confirmed after this request ended: the application must ask again.
  const [returnToApplication, setReturnToApplication] = useState(false)

  const finishing = useRef(false)
  const finishWithSafe = useCallback(async () => {
    // Once per page: the completion is single-use (React's development double effects included).
    if (finishing.current) return
    finishing.current = true
    try {
      onLeave(await api.completeSafeSignIn())
    } catch (caught) {
      console.warn('[Signet] this sign-in request ended before the Safe signed in:', caught)
      setReturnToApplication(true)
    }
  }, [api, onLeave])

  // A Safe's sign-in completed for this application since its last request: this one finishes at once.
  useEffect(() => {
    if (details.prompt === 'login' && details.safeCompletion) void finishWithSafe()
  }, [details, finishWithSafe])

  const safeAuth = useMemo<SafeSignInServices['auth']>(() => {
    const signet = createAuthApi()
    return {
      getNonce: () => signet.getNonce(),
      async verify(request) {
        const session = await api.safeSignIn(details.client.id, request)
        void finishWithSafe()
        return session
      },
    }
  }, [api, details.client.id, finishWithSafe])
  const storage = useMemo(
    () => applicationStorage(window.localStorage, details.client.id),
    [details.client.id],
  )
  const application = useMemo(
    () => ({ statement: details.statement, resources: [details.resource] }),
    [details.statement, details.resource],
  )
  const safeServices = useSafeSignInServices({
    gatewayUrl: config.gatewayUrl,
    appName: config.appName,
    auth: safeAuth,
    storage,
    application,
  })
  const step = (action: () => Promise<string>) => async () => {
    setBusy(true)
    setError(undefined)
    try {
      onLeave(await action())
    } catch (caught) {
      setError(caught ?? new Error('failed'))
      setBusy(false)
    }
  }
  const name = details.client.name
  // null: a device's request (RFC 8628), which ends on Signet's "signed in" page, not at the application.
  const redirectUri = details.redirectUri
  return (
    <section className="oidc-request" aria-labelledby="oidc-request-title" data-testid="oidc-request">
      <h1 id="oidc-request-title">{t('request.title', { name })}</h1>
      <p>{t.rich('request.intro', { name, appName, strong: (text) => <strong>{text}</strong> })}</p>
      <h2>{t('request.receives', { name })}</h2>
      <ul data-testid="oidc-scopes">
        {details.scopes.map((scope) => (
          <li key={scope}>{scopeText(translate, scope)}</li>
        ))}
      </ul>
      {redirectUri === null ? (
        <p data-testid="oidc-device">{t('request.deviceReceives', { name })}</p>
      ) : (
        <p>
          {t.rich('request.proofGoesTo', {
            redirectUri,
            uri: (text) => (
              <code data-testid="oidc-redirect-uri" dir="ltr">
                {text}
              </code>
            ),
          })}
        </p>
      )}
      {returnToApplication ? (
        <div className="notice" role="status" data-testid="oidc-return">
          {redirectUri === null ? (
            <p>{t('request.safeRequestEndedOnDevice', { name })}</p>
          ) : (
            <>
              <p>{t('request.safeRequestEnded', { name })}</p>
              <a className="button primary" href={new URL('/', redirectUri).href}>
                {t('request.returnTo', { name })}
              </a>
            </>
          )}
        </div>
      ) : leaving ? (
        <p role="status">
          {redirectUri === null ? t('request.finishing', { name }) : t('request.returning', { name })}
        </p>
      ) : details.prompt === 'login' && details.safeCompletion ? (
        <p role="status">{t('request.signingInAsSafe')}</p>
      ) : details.prompt === 'login' ? (
        <div className="oidc-request__actions">
          {details.session && (
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={step(() => api.continueAsSession())}
            >
              {t.rich('request.continueAs', {
                address: details.session.address,
                mono: (text) => <bdi dir="ltr">{text}</bdi>,
              })}
            </button>
          )}
          <button
            type="button"
            className={details.session ? undefined : 'primary'}
            disabled={busy || !openConnectModal}
            onClick={openConnectModal}
          >
            {details.session ? t('request.useAnotherAccount') : t('request.signInWithWallet')}
          </button>
          <button type="button" disabled={busy} onClick={step(() => api.abort())}>
            {t('request.cancel')}
          </button>
        </div>
      ) : (
        <>
          <p>
            {t.rich('consent.question', {
              accountId: details.accountId ?? '',
              name,
              account: (text) => (
                <code data-testid="oidc-account" dir="ltr">
                  {text}
                </code>
              ),
            })}
          </p>
          <div className="oidc-request__actions">
            <button type="button" className="primary" disabled={busy} onClick={step(() => api.consent())}>
              {t('consent.allow')}
            </button>
            <button type="button" disabled={busy} onClick={step(() => api.abort())}>
              {t('consent.deny')}
            </button>
          </div>
        </>
      )}
      {error !== undefined && (
        <p className="notice notice--warning" role="alert">
          {interactionErrorText(translate, error)}
        </p>
      )}
      {details.prompt === 'login' && !details.safeCompletion && !leaving && (
        <SignInAsOwnedSafe services={safeServices} chains={config.chains} />
      )}
    </section>
  )
}
