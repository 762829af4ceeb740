import { useAccountModal, useChainModal } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { useTranslations } from 'use-intl'
import { useAccount, useDisconnect } from 'wagmi'
import { SwitchErrorNotice } from '../wallet/WalletNotices.tsx'
// Bundled with the account area, not split off: its own chunk made the cold click → dialog slower
// (27 chunks to fetch instead of 22) for a 3 KiB saving.
import { SendTestTransaction } from './SendTestTransaction.tsx'

export type AccountAreaProps = {
  appName: string
  /** The sign-in state (Sign-In with Ethereum), rendered under the connection details. */
  signIn?: ReactNode
  /** Offer the "Send a test transaction" form (demo and dev mode: it costs gas on a real chain). */
  testTransaction?: boolean
}

/** The connected account: address, wallet, network, sign-in state, and what can be done next. */
export function AccountArea({ appName, signIn, testTransaction = false }: AccountAreaProps) {
  const t = useTranslations('account.area')
  const { address, chain, chainId, connector, isConnected } = useAccount()
  const { openAccountModal } = useAccountModal()
  const { openChainModal } = useChainModal()
  const { disconnect } = useDisconnect()
  if (!isConnected || !address) return null
  const supported = chain !== undefined

  return (
    <section className="account" aria-labelledby="account-title">
      <h2 id="account-title">{t('title')}</h2>
      <dl className="account__details">
        <dt>{t('address')}</dt>
        <dd data-testid="account-address" dir="ltr">
          {address}
        </dd>
        <dt>{t('wallet')}</dt>
        <dd data-testid="account-wallet">{connector ? walletName(connector) : t('unknownWallet')}</dd>
        <dt>{t('network')}</dt>
        <dd data-testid="account-chain">
          {supported
            ? t('chain', { chainName: chain.name, chainId: chain.id })
            : t('unsupportedChain', { chainId: String(chainId) })}
        </dd>
      </dl>
      {!supported && (
        <div className="notice notice--warning" role="alert">
          <p>{t('wrongNetwork')}</p>
          <div className="notice__actions">
            <button type="button" onClick={openChainModal}>
              {t('switchNetwork')}
            </button>
            <button type="button" onClick={() => disconnect()}>
              {t('disconnect')}
            </button>
          </div>
        </div>
      )}
      <SwitchErrorNotice appName={appName} />
      {signIn}
      <div className="account__actions">
        <button type="button" onClick={openAccountModal} disabled={!openAccountModal}>
          {t('openProfile')}
        </button>
        {supported && (
          <button type="button" onClick={openChainModal} disabled={!openChainModal}>
            {t('switchNetwork')}
          </button>
        )}
      </div>
      {supported && testTransaction && (
        <SendTestTransaction
          address={address}
          chainId={chain.id}
          currencySymbol={chain.nativeCurrency.symbol}
        />
      )}
    </section>
  )
}

/**
 * RainbowKit names the connector after the wallet only when it connects through the dialog; after a
 * reload wagmi reconnects the bare connector ("WalletConnect"), which still carries the wallet's details.
 */
function walletName(connector: { name: string; rkDetails?: unknown }): string {
  const details = connector.rkDetails as { name?: unknown } | undefined
  return typeof details?.name === 'string' ? details.name : connector.name
}
