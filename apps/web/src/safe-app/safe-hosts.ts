/**
 * The SDK's `allowedDomains` for the configured host origins: each origin matched exactly, so
 * `https://app.safe.global` does not let `https://app.safe.global.evil.example` through.
 *
 * @example safeHostPatterns(['https://app.safe.global']) // [/^https:\/\/app\.safe\.global$/]
 */
export function safeHostPatterns(safeHosts: readonly string[]): RegExp[] {
  return safeHosts.map(
    (origin) => new RegExp(`^${new URL(origin).origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
  )
}

/** Sent with the sign-in calls made inside a cross-site frame: the server then issues a partitioned cookie. */
export const framedSessionHeaders: Readonly<Record<string, string>> = { 'X-Signet-Frame': 'cross-site' }
