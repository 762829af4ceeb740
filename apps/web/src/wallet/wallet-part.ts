import type { PublicConfig } from '@signet/protocol/public-config'
import type { Config } from 'wagmi'
import type { ThemeChoice } from '../theme/theme-choice.ts'

// The wallet part of the page is app/App.tsx, or oidc/OidcInteractionApp.tsx on an application's
// sign-in request: both take these props from the first-painted page.

/** Where in the first-painted page (app/AppShell.tsx) the wallet part renders. */
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
