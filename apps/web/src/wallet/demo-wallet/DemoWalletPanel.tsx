import { useId, useState, useSyncExternalStore } from 'react'
import { useTranslations } from 'use-intl'
import type { DemoProvider } from './demo-provider.ts'
import { demoWalletIcon, demoWalletInfo } from './demo-wallet-info.ts'
import type { DemoWalletLoader } from './demo-wallet-loader.ts'

export type DemoWalletPanelProps = { wallet: DemoWalletLoader }

/**
 * The demo wallet's own small window: which demo account it signs with, which chain it is on,
 * and "disconnect this site". Clearly labelled, because it holds public test keys only. Drawn at
 * first paint; the wallet itself loads on the first sign of intent here or on the connect button.
 */
export function DemoWalletPanel({ wallet }: DemoWalletPanelProps) {
  const t = useTranslations('wallet.demoWallet')
  const provider = useSyncExternalStore(wallet.subscribe, wallet.current)
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  const load = () => {
    wallet
      .load()
      .catch((error: unknown) => console.error('[Signet] the demo wallet could not be loaded:', error))
  }
  return (
    <aside className="demo-wallet" aria-label={demoWalletInfo.name}>
      <button
        type="button"
        className="demo-wallet__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load()
          setOpen((value) => !value)
        }}
      >
        <img src={demoWalletIcon} alt="" width={20} height={20} />
        {demoWalletInfo.name}
      </button>
      {open && (
        <div id={bodyId} className="demo-wallet__body">
          <p className="demo-wallet__note">{t('testKeysWarning')}</p>
          {provider ? (
            <DemoWalletState provider={provider} chainName={wallet.chainName} />
          ) : (
            <p role="status">{t('loading')}</p>
          )}
        </div>
      )}
    </aside>
  )
}

function DemoWalletState({
  provider,
  chainName,
}: {
  provider: DemoProvider
  chainName: (id: number) => string | undefined
}) {
  const t = useTranslations('wallet.demoWallet')
  const state = useSyncExternalStore(provider.subscribe, provider.getState)
  const chain = chainName(state.chainId) ?? t('unknownNetwork', { chainId: state.chainId })
  const selectId = useId()
  return (
    <>
      <label htmlFor={selectId}>{t('accountLabel')}</label>
      <select
        id={selectId}
        value={state.selectedIndex}
        onChange={(event) => provider.selectAccount(Number(event.target.value))}
      >
        {state.accounts.map((address, index) => (
          <option key={address} value={index} dir="ltr">
            {t('accountOption', { index, address })}
          </option>
        ))}
      </select>
      <p>{t.rich('network', { chainName: chain, chain: (name) => <span>{name}</span> })}</p>
      <p>{t('siteAccess', { access: state.permitted ? 'connected' : 'none' })}</p>
      <button type="button" disabled={!state.permitted} onClick={() => provider.revokeSite()}>
        {t('disconnectSite')}
      </button>
    </>
  )
}
