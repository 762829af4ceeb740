import { type CreateConnectorFn, createConnector } from 'wagmi'
import { safe } from 'wagmi/connectors'
import type { SignetSafeProviderOptions } from './safe-app-provider.ts'
import { type SafeAppProviderLike, safeAppSession } from './safe-app-session.ts'
import { safeHostPatterns } from './safe-hosts.ts'

export type SafeAppConnectorOptions = SignetSafeProviderOptions & {
  /** Origins allowed to host Signet as a Safe App (`PublicConfig.safeHosts`). */
  safeHosts: readonly string[]
  /** How long the host may take to answer `getSafeInfo` (wagmi's default is 10 ms). */
  infoTimeoutMs?: number
}

/**
 * wagmi's `safe` connector, restricted to the configured host origins (the SDK drops any message
 * that is not from `window.parent` or whose origin does not match), with Signet's Safe provider.
 * It only ever connects inside a frame; the SDK code is loaded on demand, there only.
 *
 * @example createConfig({ connectors: [safeAppConnector({ safeHosts, gatewayUrl }), ...others], … })
 */
export function safeAppConnector(options: SafeAppConnectorOptions): CreateConnectorFn {
  const allowedDomains = safeHostPatterns(options.safeHosts)
  const base = safe({
    allowedDomains,
    shimDisconnect: false,
    unstable_getInfoTimeout: options.infoTimeoutMs ?? 2_000,
  })
  return createConnector((config) => {
    const connector = base(config)
    let provider: Promise<SafeAppProviderLike | undefined> | undefined
    return {
      ...connector,
      async getProvider() {
        provider ??= (async () => {
          const inner = (await connector.getProvider()) as SafeAppProviderLike | undefined
          if (!inner) return undefined
          // Signing and the gateway client load here, inside a Safe only.
          const { createSignetSafeProvider } = await import('./safe-app-provider.ts')
          const session = await createSignetSafeProvider(inner, allowedDomains, options)
          safeAppSession.set(session)
          return session.provider
        })().catch((error: unknown) => {
          provider = undefined
          throw error
        })
        return provider
      },
    }
  })
}
