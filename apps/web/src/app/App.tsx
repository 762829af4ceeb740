import { ConnectButton } from '@rainbow-me/rainbowkit'
import type { PublicConfig } from '@signet/protocol/public-config'
import { lazy, type ReactNode, Suspense, useMemo } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'use-intl'
import type { Config } from 'wagmi'
import { AccountArea } from '../account/AccountArea.tsx'
import { createAuthApi } from '../auth/auth-api.ts'
import { SignInErrorNotice } from '../auth/SignInErrorNotice.tsx'
import { ErrorBoundary, type FailedPart, RenderFailure } from '../lib/ErrorBoundary.tsx'
import { isFramed } from '../lib/framing.ts'
import { oidcInteractionUid } from '../oidc/interaction-route.ts'
import { SafePagesRoute } from '../safe/SafePagesRoute.tsx'
import { parseSafeRoute, useLocationHash } from '../safe/safe-route.ts'
import { SignInProvider, useSignIn } from '../session/SignInProvider.tsx'
import { SignInStatus } from '../session/SignInStatus.tsx'
import { OpenConnectModalOnRequest } from '../wallet/OpenConnectModalOnRequest.tsx'
import { browserStorage } from '../wallet/remembered-connection.ts'
import { ConnectErrorNotice } from '../wallet/WalletNotices.tsx'
import { WalletProviders } from '../wallet/WalletProviders.tsx'
import { createSignetWagmiConfig } from '../wallet/wagmi-config.ts'
import type { AppProps } from '../wallet/wallet-part.ts'

// An application's sign-in request through Signet (OpenID Connect): its own chunk and its own page.
const OidcInteractionApp = lazy(() => import('../oidc/OidcInteractionApp.tsx'))
// Safe App mode only: loaded inside a frame (Safe{Wallet}), never in the standalone app.
const SafeAppPanel = lazy(() => import('../safe-app/SafeAppPanel.tsx'))
// Signing in as a Safe from an owner's wallet: its own chunk (it brings the gateway client and its
// response validation), fetched once the wallet part is here.
// Signing in as a connected Safe (WalletConnect and others): only once such a sign-in exists.
const ConnectedSafeSignInPanel = lazy(() => import('../safe-message-tracker/ConnectedSafeSignInPanel.tsx'))
const SafeSignInOrConfirm = lazy(() =>
  import('../safe-sign-in/SafeSignInOrConfirm.tsx').then((module) => ({
    default: module.SafeSignInOrConfirm,
  })),
)

/**
 * Prepares the wallet part for a run-time config: the browser's wagmi configuration. Inside a frame
 * it first loads Safe App mode's parts (and so the Safe Apps SDK), which a standalone page never fetches.
 *
 * @example const { wagmiConfig } = await prepareApp(config)
 */
export async function prepareApp(config: PublicConfig): Promise<{ wagmiConfig: Config }> {
  const safeApp = isFramed()
    ? (await import('../safe-app/safe-app-wagmi.ts')).safeAppWagmiParts(config)
    : undefined
  // After safeAppWagmiParts: inside a frame it replaces a denied localStorage first.
  const storage = browserStorage()
  const { wagmiConfig } = createSignetWagmiConfig(config, {
    appUrl: window.location.origin,
    ...(safeApp ? { safeApp } : {}),
    ...(storage ? { storage } : {}),
  })
  return { wagmiConfig }
}

/** The wallet part of the page; on an application's sign-in request (`/oidc/interaction/<uid>`), that page. */
export function App(props: AppProps) {
  const uid = oidcInteractionUid(window.location.pathname)
  if (uid) {
    return (
      <Suspense fallback={null}>
        <OidcInteractionApp {...props} uid={uid} />
      </Suspense>
    )
  }
  return <SignetApp {...props} />
}

/** The wallet part of the page: connect button, account area, sign-in, Safe App mode, Safe pages. */
function SignetApp({ config, theme, wagmiConfig, slots, connectRequested, onConnectRequestDone }: AppProps) {
  const t = useTranslations('app')
  const authApi = useMemo(() => createAuthApi(), [])
  const safeRoute = parseSafeRoute(useLocationHash())
  return (
    <WalletProviders
      config={config}
      wagmiConfig={wagmiConfig}
      theme={theme}
      authentication={(children) => (
        <SignInProvider api={authApi} appName={config.appName} gatewayUrl={config.gatewayUrl}>
          {children}
        </SignInProvider>
      )}
    >
      {createPortal(
        // RainbowKit styles and themes what sits under a [data-rk] element; RainbowKitProvider's own
        // is back in the tree, not around this slot.
        <Guarded part="connectButton">
          <div data-rk="">
            <ConnectButton />
          </div>
        </Guarded>,
        slots.connect,
      )}
      <OpenConnectModalOnRequest requested={connectRequested} onDone={onConnectRequestDone} />
      {createPortal(
        <Guarded part="walletNotices">
          <ConnectErrorNotice />
          <SafeAccountSignInSlot config={config} />
          {isFramed() && (
            <Suspense fallback={null}>
              <SafeAppPanel config={config} />
            </Suspense>
          )}
        </Guarded>,
        slots.top,
      )}
      {safeRoute &&
        slots.route &&
        createPortal(
          <>
            <p>
              <a href="#/">{t('backToApp', { appName: config.appName })}</a>
            </p>
            <SafePagesRoute route={safeRoute} gatewayUrl={config.gatewayUrl} headingLevel={1} />
          </>,
          slots.route,
        )}
      {createPortal(
        <Guarded part="accountArea">
          <AccountArea
            appName={config.appName}
            signIn={<SignInStatus gatewayUrl={config.gatewayUrl} />}
            testTransaction={config.mode !== 'production'}
          />
          {!isFramed() && (
            <Suspense fallback={null}>
              <SafeSignInOrConfirm config={config} />
            </Suspense>
          )}
        </Guarded>,
        slots.bottom,
      )}
      {createPortal(
        <Guarded part="signInNotice">
          <SignInErrorNotice />
        </Guarded>,
        slots.overlay,
      )}
    </WalletProviders>
  )
}

function SafeAccountSignInSlot({ config }: { config: PublicConfig }) {
  const { safeAccountSignIn } = useSignIn()
  if (!safeAccountSignIn) return null
  return (
    <Suspense fallback={null}>
      <ConnectedSafeSignInPanel signIn={safeAccountSignIn} config={config} />
    </Suspense>
  )
}

/** One part of the page (a slot's content) whose rendering failure leaves an alert in its place only. */
function Guarded({ part, children }: { part: FailedPart; children: ReactNode }) {
  return (
    <ErrorBoundary
      part={`the ${part} part`}
      fallback={(error, retry) => <RenderFailure part={part} error={error} onRetry={retry} />}
    >
      {children}
    </ErrorBoundary>
  )
}
