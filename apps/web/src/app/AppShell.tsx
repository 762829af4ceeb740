import type { PublicConfig } from '@signet/protocol/public-config'
import { useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'use-intl'
import { ErrorBoundary, RenderFailure } from '../lib/ErrorBoundary.tsx'
import { oidcInteractionUid } from '../oidc/interaction-route.ts'
import { isSafeRouteHash, useLocationHash } from '../safe/location-hash.ts'
import type { ThemeChoice } from '../theme/theme-choice.ts'
import { connectButtonLook } from '../wallet/connect-button-look.ts'
import { DemoWalletPanel } from '../wallet/demo-wallet/DemoWalletPanel.tsx'
import type { DemoWalletLoader } from '../wallet/demo-wallet/demo-wallet-loader.ts'
import { ConnectWalletButton } from './ConnectWalletButton.tsx'
import { Landing } from './Landing.tsx'
import { type LoadedWalletApp, loadWalletApp, walletNeededAtOnce } from './wallet-app-loader.ts'

export type AppShellProps = {
  config: PublicConfig
  theme: ThemeChoice
  /** The demo wallet in demo and dev mode (its panel is part of the page). */
  demoWallet?: DemoWalletLoader
}

/**
 * The page as first painted: header with a "Connect Wallet" button, what Signet does, footer —
 * React only. The wallet part (RainbowKit, wagmi, viem, sign-in; App.tsx) loads on the first sign
 * of intent on the button, or at once where the page needs it (wallet-app-loader.ts), and renders
 * into this page's slots, so nothing painted here is drawn twice. A click that comes before the
 * code opens the dialog once it is here.
 */
export function AppShell(props: AppShellProps) {
  // The last line of defence: whatever throws while rendering, the page says so instead of going blank.
  return (
    <ErrorBoundary
      part="the page"
      fallback={(error, retry) => (
        <main id="main" tabIndex={-1}>
          <h1>{props.config.appName}</h1>
          <RenderFailure part="page" error={error} onRetry={retry} />
        </main>
      )}
    >
      <Page {...props} />
    </ErrorBoundary>
  )
}

function Page({ config, theme, demoWallet }: AppShellProps) {
  const t = useTranslations('app')
  const hash = useLocationHash()
  // The tab's title in the page's language (index.html's English one is for crawlers and the first paint).
  const documentTitle = t('documentTitle', { appName: config.appName })
  useEffect(() => {
    document.title = documentTitle
  }, [documentTitle])
  const [walletApp, setWalletApp] = useState<LoadedWalletApp>()
  const [loadFailed, setLoadFailed] = useState(false)
  const [connectRequested, setConnectRequested] = useState(false)
  const [walletButtonShown, setWalletButtonShown] = useState(false)
  const earlyButton = useRef<HTMLButtonElement>(null)
  const [connectSlot, setConnectSlot] = useState<HTMLElement | null>(null)
  const [topSlot, setTopSlot] = useState<HTMLElement | null>(null)
  const [routeSlot, setRouteSlot] = useState<HTMLElement | null>(null)
  const [bottomSlot, setBottomSlot] = useState<HTMLElement | null>(null)
  const [overlaySlot, setOverlaySlot] = useState<HTMLElement | null>(null)

  const load = useCallback(() => {
    setLoadFailed(false)
    loadWalletApp(config, demoWallet).then(setWalletApp, (error: unknown) => {
      console.error('[Signet] the wallet code could not be loaded:', error)
      setLoadFailed(true)
      setConnectRequested(false)
    })
  }, [config, demoWallet])

  useEffect(() => {
    if (walletNeededAtOnce(window, hash)) load()
  }, [hash, load])

  const connectRequestDone = useCallback(() => setConnectRequested(false), [])

  // RainbowKit's button shows after a render or two of its own: the early button stays until then
  // and goes in the same task (never two "Connect Wallet" buttons, never none), handing focus on.
  useEffect(() => {
    if (!walletApp || !connectSlot || walletButtonShown) return
    const takeOver = () => {
      const button = usableButton(connectSlot)
      if (!button) return
      const early = earlyButton.current
      if (early) {
        if (document.activeElement === early) button.focus()
        early.hidden = true
      }
      setWalletButtonShown(true)
    }
    const observer = new MutationObserver(takeOver)
    observer.observe(connectSlot, { subtree: true, childList: true, attributes: true })
    takeOver()
    return () => observer.disconnect()
  }, [walletApp, connectSlot, walletButtonShown])

  const slots =
    connectSlot && topSlot && bottomSlot && overlaySlot
      ? { connect: connectSlot, top: topSlot, bottom: bottomSlot, overlay: overlaySlot, route: routeSlot }
      : undefined
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <span className="site-header__brand">{config.appName}</span>
        <nav aria-label={t('walletNavLabel')} className="wallet-nav">
          {!walletButtonShown && (
            <ConnectWalletButton
              ref={earlyButton}
              look={connectButtonLook(theme)}
              busy={connectRequested}
              onIntent={load}
              onActivate={() => {
                setConnectRequested(true)
                load()
              }}
            />
          )}
          <div ref={setConnectSlot} className="wallet-nav__wallet" />
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {loadFailed && (
          <div className="notice notice--warning" role="alert">
            <p>{t('walletLoadFailed')}</p>
          </div>
        )}
        <div ref={setTopSlot} className="slot" />
        {oidcInteractionUid(window.location.pathname) ? (
          <div ref={setRouteSlot} className="slot">
            {!walletApp && <p role="status">{t('loadingSignInRequest')}</p>}
          </div>
        ) : isSafeRouteHash(hash) ? (
          <div ref={setRouteSlot} className="slot">
            {!walletApp && <p role="status">{t('loadingSafe')}</p>}
          </div>
        ) : (
          <Landing appName={config.appName} />
        )}
        <div ref={setBottomSlot} className="slot" />
      </main>
      <footer className="site-footer">
        <p>{t('footer', { appName: config.appName, mode: config.mode })}</p>
      </footer>
      <div ref={setOverlaySlot} className="slot" />
      {demoWallet && <DemoWalletPanel wallet={demoWallet} />}
      {walletApp && slots && (
        // The wallet part renders into the slots; if it fails, the page painted here stays.
        <ErrorBoundary
          part="the wallet part of the page"
          fallback={(error, retry) =>
            createPortal(<RenderFailure part="walletPart" error={error} onRetry={retry} />, slots.top)
          }
        >
          <walletApp.App
            config={config}
            theme={theme}
            wagmiConfig={walletApp.wagmiConfig}
            slots={slots}
            connectRequested={connectRequested}
            onConnectRequestDone={connectRequestDone}
          />
        </ErrorBoundary>
      )}
    </>
  )
}

/** A button the user can see and use (RainbowKit hides its own with aria-hidden until ready). */
function usableButton(container: HTMLElement): HTMLButtonElement | undefined {
  for (const button of container.querySelectorAll('button')) {
    if (!button.disabled && !button.closest('[aria-hidden="true"]')) return button
  }
  return undefined
}
