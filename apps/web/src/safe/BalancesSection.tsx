import { DEFAULT_FIAT_CODE, type GatewayClient } from '@signet/gateway/client'
import { useId, useState } from 'react'
import { useLocale, useTranslations } from 'use-intl'
import { AddToWalletButton } from './AddToWalletButton.tsx'
import { useGatewayQuery } from './gateway-queries.ts'
import styles from './SafePages.module.css'
import { Empty, LoadError, Loading } from './SectionStatus.tsx'
import { formatFiatValue, formatTokenAmount } from './token-amount.ts'

type Props = { client: GatewayClient; chainId: number; address: string }

/** Token balances in a fiat currency picked from the gateway's supported codes (default USD). */
export function BalancesSection({ client, chainId, address }: Props) {
  const t = useTranslations('safe.balances')
  // The same heading SafePages gives the section's error boundary.
  const sections = useTranslations('safe.sections')
  const locale = useLocale()
  const [fiat, setFiat] = useState(DEFAULT_FIAT_CODE.toUpperCase())
  const pickerId = useId()
  const fiatCodes = useGatewayQuery(client, ['fiat-codes'], () => client.getFiatCurrencies())
  const balances = useGatewayQuery(client, ['balances', chainId, address, fiat], () =>
    client.getBalances(chainId, address, fiat.toLowerCase()),
  )
  // The picker always offers the current choice, even before (or without) the gateway's list.
  const codes = fiatCodes.data?.map((code) => code.toUpperCase()) ?? []
  const options = codes.includes(fiat) ? codes : [fiat, ...codes]

  return (
    <section className={styles.card} aria-labelledby="safe-balances-title">
      <h3 id="safe-balances-title">{sections('balances')}</h3>
      <div className={styles.toolbar}>
        <label htmlFor={pickerId}>{t('currency')}</label>
        <select
          id={pickerId}
          value={fiat}
          onChange={(event) => setFiat(event.target.value)}
          aria-busy={fiatCodes.isPending}
          data-testid="fiat-picker"
        >
          {options.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        {balances.data && (
          <span data-testid="fiat-total">
            {t('total', { value: formatFiatValue(balances.data.fiatTotal, fiat, locale) })}
          </span>
        )}
      </div>
      {fiatCodes.isError && (
        <LoadError
          error={fiatCodes.error}
          onRetry={() => void fiatCodes.refetch()}
          retrying={fiatCodes.isFetching}
        />
      )}
      {balances.isPending && <Loading>{t('loading')}</Loading>}
      {balances.isError && (
        <LoadError
          error={balances.error}
          onRetry={() => void balances.refetch()}
          retrying={balances.isFetching}
        />
      )}
      {balances.data && balances.data.items.length === 0 && <Empty>{t('empty')}</Empty>}
      {balances.data && balances.data.items.length > 0 && (
        <table className={styles.table}>
          <caption className={styles.muted}>{t('caption', { currency: fiat })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tokenColumn')}</th>
              <th scope="col">{t('balanceColumn')}</th>
              <th scope="col">{t('valueColumn')}</th>
              <th scope="col">
                <span className={styles.muted}>{t('actionsColumn')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.data.items.map((item) => (
              <tr key={item.tokenInfo.address} data-testid="balance-row">
                <th scope="row">
                  {item.tokenInfo.name} <span className={styles.muted}>{item.tokenInfo.symbol}</span>
                </th>
                <td>
                  <bdi dir="ltr">
                    {t('amount', {
                      amount: formatTokenAmount(item.balance, item.tokenInfo.decimals, locale),
                      symbol: item.tokenInfo.symbol,
                    })}
                  </bdi>
                </td>
                <td>{formatFiatValue(item.fiatBalance, fiat, locale)}</td>
                <td>
                  <AddToWalletButton token={item.tokenInfo} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
