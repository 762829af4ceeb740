import type { ChainInfo } from '@safe-global/safe-apps-sdk'
import { useEffect, useState } from 'react'
import { useTranslations } from 'use-intl'
import { formatEther } from 'viem'
import { useBalance } from 'wagmi'
import type { SafeAppSession } from './safe-app-session.ts'

/** The Safe this app runs for: address, chain, owners, threshold, version (from the host). */
export function SafeContextView({ session }: { session: SafeAppSession }) {
  const t = useTranslations()
  const { info, sdk } = session
  const [chain, setChain] = useState<ChainInfo | undefined>()
  useEffect(() => {
    let live = true
    void sdk.safe.getChainInfo().then(
      (value) => live && setChain(value),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [sdk])
  // Read through the host (rpcCall eth_getBalance), like every read of the Safe's chain here.
  const balance = useBalance({ address: info.safeAddress, chainId: info.chainId })

  return (
    <dl className="account__details" data-testid="safe-context">
      <dt>{t('safeApp.context.safe')}</dt>
      <dd data-testid="safe-address" dir="ltr">
        {info.safeAddress}
      </dd>
      <dt>{t('safeApp.context.chain')}</dt>
      <dd data-testid="safe-chain">
        {chain
          ? t('safeApp.context.chainValue', { chainName: chain.chainName, chainId: chain.chainId })
          : t('safeApp.context.chainFallback', { chainId: info.chainId })}
      </dd>
      <dt>{t('safeApp.context.threshold')}</dt>
      <dd data-testid="safe-threshold">
        {t('safeApp.context.thresholdValue', { threshold: info.threshold, owners: info.owners.length })}
      </dd>
      <dt>{t('safeApp.context.owners')}</dt>
      <dd>
        <ol className="safe-app__owners" data-testid="safe-owners" dir="ltr">
          {info.owners.map((owner) => (
            <li key={owner}>{owner}</li>
          ))}
        </ol>
      </dd>
      <dt>{t('safeApp.context.version')}</dt>
      <dd data-testid="safe-version">{info.version}</dd>
      <dt>{t('safeApp.context.balance')}</dt>
      <dd data-testid="safe-balance">
        {balance.data
          ? t('safeApp.context.balanceValue', {
              amount: formatEther(balance.data.value),
              symbol: balance.data.symbol,
            })
          : balance.isError
            ? t('safeApp.context.balanceUnavailable')
            : t('safeApp.context.balanceLoading')}
      </dd>
    </dl>
  )
}
