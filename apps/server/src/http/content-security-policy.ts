/**
 * The Content Security Policy of every response, built once at start from the configuration: the
 * page may run only Signet's own scripts and talk only to the services it is configured to use, so
 * an injected script cannot run, and data cannot leave for a host nobody listed. docs/SECURITY.md
 * lists each source with the reason for it.
 */

export type ContentSecurityPolicyOptions = {
  /** Origins allowed to frame Signet (Safe{Wallet} hosts). */
  safeHosts: readonly string[]
  /** Every configured chain's RPC URLs (`http(s)` and `ws(s)`). */
  rpcUrls: readonly string[]
  /** The Safe Client Gateway the browser reads. */
  gatewayUrl: string
  /** Set when WalletConnect is on (a project id is configured), with the relay the app uses if not the default. */
  walletConnect?: { relayUrl?: string | undefined } | undefined
  /** Catalog wallet ids the connect dialog offers (`SIGNET_WALLET_GROUPS`): their SDKs' services. */
  walletIds: readonly string[]
  /** Where forms may be sent besides Signet itself (the registered OpenID Connect redirect URIs). */
  formActions?: readonly string[]
  /** Path of the violation report endpoint. */
  reportPath: string
}

/** The WalletConnect relay the kits use when none is configured (they fall back to `.com`). */
const defaultWalletConnectRelays = ['wss://relay.walletconnect.org', 'wss://relay.walletconnect.com']

/**
 * Services WalletConnect's SDK calls besides the relay: its RPC proxy, the Verify API (a frame that
 * attests the page's origin to the wallet), event batches and the wallet explorer.
 */
const walletConnectServices = [
  'https://rpc.walletconnect.org',
  'https://rpc.walletconnect.com',
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
  'https://pulse.walletconnect.org',
  'https://api.web3modal.org',
]
const walletConnectFrames = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com']
/** Coinbase Wallet's SDK: its analytics and RPC endpoints (the wallet itself opens in a popup). */
const coinbaseServices = ['https://cca-lite.coinbase.com', 'https://rpc.wallet.coinbase.com']

/**
 * The policy's text.
 *
 * @example contentSecurityPolicy({ safeHosts: ['https://app.safe.global'], rpcUrls, gatewayUrl, walletIds: [], reportPath: '/api/csp-report' })
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const walletConnect = options.walletConnect !== undefined
  const relays = options.walletConnect?.relayUrl
    ? [options.walletConnect.relayUrl]
    : defaultWalletConnectRelays
  const connect = [
    "'self'",
    ...options.rpcUrls.map(sourceOf),
    sourceOf(options.gatewayUrl),
    ...(walletConnect ? [...relays.map(sourceOf), ...walletConnectServices] : []),
    ...(options.walletIds.includes('coinbase') ? coinbaseServices : []),
  ]
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // RainbowKit writes its theme as a <style> element; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Wallet icons are data: URLs (built-in) or https: (operator wallets); Safe pages show token logos.
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['frame-src', walletConnect ? walletConnectFrames : ["'none'"]],
    ['worker-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...(options.formActions ?? []).map(sourceOf)]],
    ['frame-ancestors', ["'self'", ...options.safeHosts]],
    // report-uri, not report-to: browsers send it at once (Chromium batches report-to for up to a
    // minute, and ignores report-uri when both are set), and every browser supports it.
    ['report-uri', [options.reportPath]],
  ]
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ')
}

/** A URL as a CSP source: its scheme, host and port (any path on it). */
function sourceOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}`
}
