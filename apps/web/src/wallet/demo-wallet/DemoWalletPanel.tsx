import { useId, useState, useSyncExternalStore } from 'react'
import type { DemoProvider } from './demo-provider.ts'
import { demoWalletIcon, demoWalletInfo } from './demo-wallet-info.ts'

export type DemoWalletPanelProps = {
  provider: DemoProvider
  chainName: (chainId: number) => string
}

/**
 * The demo wallet's own small window: which demo account it signs with, which chain it is on,
 * and "disconnect this site". Clearly labelled, because it holds public test keys only.
 */
export function DemoWalletPanel({ provider, chainName }: DemoWalletPanelProps) {
  const state = useSyncExternalStore(provider.subscribe, provider.getState)
  const [open, setOpen] = useState(false)
  const selectId = useId()
  const bodyId = useId()
  return (
    <aside className="demo-wallet" aria-label={demoWalletInfo.name}>
      <button
        type="button"
        className="demo-wallet__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        <img src={demoWalletIcon} alt="" width={20} height={20} />
        {demoWalletInfo.name}
      </button>
      {open && (
        <div id={bodyId} className="demo-wallet__body">
          <p className="demo-wallet__note">Test keys only — never send real funds to these accounts.</p>
          <label htmlFor={selectId}>Demo account</label>
          <select
            id={selectId}
            value={state.selectedIndex}
            onChange={(event) => provider.selectAccount(Number(event.target.value))}
          >
            {state.accounts.map((address, index) => (
              <option key={address} value={index}>
                {`#${index} ${address}`}
              </option>
            ))}
          </select>
          <p>
            Network: <span>{chainName(state.chainId)}</span>
          </p>
          <p>Site access: {state.permitted ? 'connected' : 'not connected'}</p>
          <button type="button" disabled={!state.permitted} onClick={() => provider.revokeSite()}>
            Disconnect this site
          </button>
        </div>
      )}
    </aside>
  )
}
