import { createGatewayClient } from '@signet/gateway/client'
import type { PublicConfig } from '@signet/protocol/public-config'
import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import { getPublicClient } from 'wagmi/actions'
import { createAuthApi } from '../auth/auth-api.ts'
import { holdPendingNonce } from './pending-nonce-api.ts'
import type { SafeSignInServices } from './safe-sign-in-flow.ts'

/** The gateway of the run-time config, this server's sign-in API and the browser's localStorage. */
export function useSafeSignInServices(
  config: Pick<PublicConfig, 'gatewayUrl' | 'appName'>,
): SafeSignInServices {
  const wagmiConfig = useConfig()
  return useMemo(
    () => ({
      gateway: createGatewayClient({ baseUrl: config.gatewayUrl }),
      auth: createAuthApi(),
      holdNonce: (message: string) => holdPendingNonce(message),
      storage: window.localStorage,
      appName: config.appName,
      location: window.location,
      chainClient: (chainId: number) => getPublicClient(wagmiConfig, { chainId }),
    }),
    [config.gatewayUrl, config.appName, wagmiConfig],
  )
}
