import { createGatewayClient, type GatewayClient } from '@signet/gateway/client'
import type { PublicClient } from 'viem'
import type { Config } from 'wagmi'
import { getPublicClient } from 'wagmi/actions'
import { type AuthApi, createAuthApi, type SignInSession } from '../auth/auth-api.ts'
import { type HeldNonce, holdPendingNonce } from './pending-nonce-api.ts'
import type { KeyValueStorage } from './stored-sign-in.ts'

/**
 * What every sign-in as a Safe talks to: the Safe Client Gateway, the Safe's chain (where an on-chain
 * approval of the message shows), Signet's sign-in API, the server's hold on a waiting message's nonce,
 * and where a waiting sign-in is kept for a reload.
 */
export type SafeSignInServices = {
  gateway: GatewayClient
  chainClient(chainId: number): Pick<PublicClient, 'readContract'> | undefined
  auth: Pick<AuthApi, 'getNonce' | 'verify'>
  holdNonce(message: string): Promise<HeldNonce>
  storage: KeyValueStorage
  appName: string
  location: Pick<Location, 'host' | 'origin'>
  /** Signing in to an application through Signet (oidc/): the message names it and lists its redirect URI. */
  application?: { statement: string; resources: string[] }
  onSignedIn?(session: SignInSession): void
  now?: () => number
}

export type SafeSignInServicesOptions = {
  gatewayUrl: string
  /** Each gateway call's time-out (the gateway client's default otherwise). */
  gatewayTimeoutMs?: number
  /** The page's wagmi config: its public clients read the Safe's chain… */
  wagmiConfig?: Config
  /** …or, where the chain is read another way (the Safe App, through its host), this. */
  chainClient?: SafeSignInServices['chainClient']
  appName: string
  /** Default: this server's sign-in API. An application's sign-in (oidc/) verifies its own way. */
  auth?: Pick<AuthApi, 'getNonce' | 'verify'>
  /** Default: the browser's localStorage. */
  storage?: KeyValueStorage
  application?: { statement: string; resources: string[] }
  onSignedIn?(session: SignInSession): void
}

/**
 * The one place the services of a sign-in as a Safe are made, for every way it starts (an owner's
 * wallet, a connected Safe, the Safe App, an application's sign-in page).
 *
 * @example const services = createSafeSignInServices({ gatewayUrl, wagmiConfig, appName: 'Signet' })
 */
export function createSafeSignInServices(options: SafeSignInServicesOptions): SafeSignInServices {
  const { wagmiConfig, application, onSignedIn } = options
  return {
    gateway: createGatewayClient({
      baseUrl: options.gatewayUrl,
      ...(options.gatewayTimeoutMs ? { timeoutMs: options.gatewayTimeoutMs } : {}),
    }),
    chainClient:
      options.chainClient ??
      ((chainId) => (wagmiConfig ? getPublicClient(wagmiConfig, { chainId }) : undefined)),
    auth: options.auth ?? createAuthApi(),
    holdNonce: (message) => holdPendingNonce(message),
    storage: options.storage ?? window.localStorage,
    appName: options.appName,
    location: window.location,
    ...(application ? { application } : {}),
    ...(onSignedIn ? { onSignedIn } : {}),
  }
}
