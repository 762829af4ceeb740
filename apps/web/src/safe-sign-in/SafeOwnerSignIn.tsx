import type { PublicConfig } from '@signet/protocol/public-config'
import { useTranslations } from 'use-intl'
import './safe-sign-in.css'
import { safeChainName } from '../safe-message-tracker/chain-name.ts'
import { ConfirmSafeMessage } from './ConfirmSafeMessage.tsx'
import { OwnerSafeSignIn } from './OwnerSafeSignIn.tsx'
import { useSafeMessageRoute } from './use-safe-message-route.ts'
import { useSafeSignInServices } from './use-safe-sign-in-services.ts'

/**
 * Sign in as a Safe from an owner's own wallet (outside Safe{Wallet}; docs/PRODUCT.md, "From an owner's wallet"): on a confirm link
 * (`#/safe-message/<chainId>/<safe>/<hash>`) the co-owner's review page, otherwise the owner's Safes and
 * their pending sign-in. Needs the app's wagmi, react-query and RainbowKit providers around it.
 *
 * @example <SafeOwnerSignIn config={config} />
 */
export function SafeOwnerSignIn({
  config,
}: {
  config: Pick<PublicConfig, 'gatewayUrl' | 'appName' | 'chains'>
}) {
  const t = useTranslations()
  const route = useSafeMessageRoute()
  const services = useSafeSignInServices(config)
  if (route) {
    const chainName = safeChainName(t, config.chains, route.chainId)
    return (
      <ConfirmSafeMessage key={route.messageHash} services={services} route={route} chainName={chainName} />
    )
  }
  return <OwnerSafeSignIn services={services} chains={config.chains} />
}
