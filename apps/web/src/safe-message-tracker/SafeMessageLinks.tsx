import type { GatewayClient } from '@signet/gateway/client'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslations } from 'use-intl'
import { type SafeMessageRoute, safeWalletMessageLink, signetConfirmLink } from './safe-links.ts'

/** Where co-owners confirm: this app's confirm page, and the same message in Safe{Wallet}. */
export function SafeMessageLinks({ gateway, route }: { gateway: GatewayClient; route: SafeMessageRoute }) {
  const t = useTranslations()
  const signetLink = signetConfirmLink(window.location.href, route)
  // Safe{Wallet} names chains by their EIP-3770 short name, which the gateway's chain config gives.
  const chain = useQuery({
    queryKey: ['safe-sign-in', 'chain-config', gateway.baseUrl, route.chainId],
    queryFn: () => gateway.getChainConfig(route.chainId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(signetLink)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="safe-sign-in__links">
      <p>{t('safeTracker.links.askOwner')}</p>
      <p className="safe-sign-in__link-row">
        <a href={signetLink} data-testid="safe-sign-in-signet-link" className="safe-sign-in__mono" dir="ltr">
          {signetLink}
        </a>
        <button type="button" onClick={() => void copy()}>
          {copied ? t('safeTracker.links.copied') : t('safeTracker.links.copy')}
        </button>
      </p>
      {chain.data && (
        <p>
          {t.rich('safeTracker.links.alsoInSafeWallet', {
            link: (text) => (
              <a
                href={safeWalletMessageLink(chain.data.shortName, route.safe, route.messageHash)}
                target="_blank"
                rel="noreferrer"
                data-testid="safe-sign-in-safe-wallet-link"
              >
                {text}
              </a>
            ),
          })}
        </p>
      )}
    </div>
  )
}
