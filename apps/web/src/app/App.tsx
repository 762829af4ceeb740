import { ConnectButton, useConnectModal } from '@rainbow-me/rainbowkit'
import type { PublicConfig } from '@signet/protocol/public-config'
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'use-intl'
import { type Config, useAccount } from 'wagmi'
import { AccountArea } from '../account/AccountArea.tsx'
import { createAuthApi } from '../auth/auth-api.ts'
import { SignInErrorNotice } from '../auth/SignInErrorNotice.tsx'
import { SignInProvider, useSignIn } from '../auth/SignInProvider.tsx'
import { SignInStatus } from '../auth/SignInStatus.tsx'
import { oidcInteractionUid } from '../oidc/interaction-route.ts'
import { isFramed } from '../safe-app/safe-hosts.ts'
import type { ThemeChoice } from '../wallet/theme-choice.ts'
import { ConnectErrorNotice } from '../wallet/WalletNotices.tsx'
import { WalletProviders } from '../wallet/WalletProviders.tsx'
import { createBrowserWagmiConfig } from '../wallet/wagmi-config.ts'
import { ErrorBoundary, type FailedPart, RenderFailure } from './ErrorBoundary.tsx'
import { SafePagesRoute } from './SafePagesRoute.tsx'
import { parseSafeRoute, useLocationHash } from './safe-route.ts'

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

/** Where in the first-painted page (AppShell.tsx) the wallet part renders. */
export type AppSlots = {
  /** In the header, for RainbowKit's connect button. */
  connect: HTMLElement
  /** At the top of the main content: notices, the Safe App panel. */
  top: HTMLElement
  /** Present on a Safe's pages (`#/safe/…`), in place of the landing text. */
  route: HTMLElement | null
  /** Under the main content: the account area, signing in as a Safe. */
  bottom: HTMLElement
  /** After the footer: notices that float above RainbowKit's dialog. */
  overlay: HTMLElement
}

export type AppProps = {
  config: PublicConfig
  theme: ThemeChoice
  wagmiConfig: Config
  slots: AppSlots
  /** The early "Connect Wallet" button was clicked: open RainbowKit's dialog. */
  connectRequested: boolean
  onConnectRequestDone: () => void
}

/**
 * Prepares the wallet part for a run-time config (in a frame this loads Safe App mode first).
 *
 * @example const { wagmiConfig } = await prepareApp(config)
 */
export async function prepareApp(config: PublicConfig): Promise<{ wagmiConfig: Config }> {
  const { wagmiConfig } = await createBrowserWagmiConfig(config)
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

/**
 * Opens the connect dialog for a click on the early button, once RainbowKit can keep it open: not
 * while the sign-in status is loading (RainbowKit closes its dialogs when it turns unauthenticated).
 */
export function OpenConnectModalOnRequest({ requested, onDone }: { requested: boolean; onDone: () => void }) {
  if (!requested) return null
  return (
    <ConnectButton.Custom>
      {({ authenticationStatus, mounted }) => (
        <OpenConnectModalWhenReady ready={mounted && authenticationStatus !== 'loading'} onDone={onDone} />
      )}
    </ConnectButton.Custom>
  )
}

function OpenConnectModalWhenReady({ ready, onDone }: { ready: boolean; onDone: () => void }) {
  const { openConnectModal } = useConnectModal()
  const { isConnected } = useAccount()
  // One commit after the status settles: RainbowKit's own effect for that change runs after this
  // component's, and would close a dialog opened in the same commit.
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (ready) setSettled(true)
  }, [ready])
  useEffect(() => {
    if (!settled) return
    if (openConnectModal) {
      openConnectModal()
      onDone()
    } else if (isConnected) {
      // A restored connection came first: RainbowKit's button shows the account instead.
      onDone()
    }
  }, [settled, openConnectModal, isConnected, onDone])
  return null
}
