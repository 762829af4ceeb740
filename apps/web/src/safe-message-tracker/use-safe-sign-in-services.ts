import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import {
  createSafeSignInServices,
  type SafeSignInServices,
  type SafeSignInServicesOptions,
} from './safe-sign-in-services.ts'

/**
 * {@link createSafeSignInServices} with the page's wagmi config, made again only when an option changes
 * (pass stable `auth`, `storage` and `application` objects).
 */
export function useSafeSignInServices(
  options: Omit<SafeSignInServicesOptions, 'wagmiConfig'>,
): SafeSignInServices {
  const wagmiConfig = useConfig()
  const { gatewayUrl, gatewayTimeoutMs, appName, auth, storage, application, onSignedIn } = options
  return useMemo(
    () =>
      createSafeSignInServices({
        gatewayUrl,
        wagmiConfig,
        appName,
        ...(gatewayTimeoutMs ? { gatewayTimeoutMs } : {}),
        ...(auth ? { auth } : {}),
        ...(storage ? { storage } : {}),
        ...(application ? { application } : {}),
        ...(onSignedIn ? { onSignedIn } : {}),
      }),
    [gatewayUrl, gatewayTimeoutMs, wagmiConfig, appName, auth, storage, application, onSignedIn],
  )
}
