import type { ReactNode } from 'react'
import type { PublicConfig } from '../../config/public-config.ts'
import { DemoWalletPanel } from './DemoWalletPanel.tsx'
import { installDemoWallet } from './install-demo-wallet.ts'

/** Installs the demo wallet (announced over EIP-6963) and returns its panel for the page. */
export function mountDemoWallet(config: PublicConfig): ReactNode {
  const provider = installDemoWallet(config)
  const chainName = (chainId: number) =>
    config.chains.find((chain) => chain.id === chainId)?.name ?? `Unknown network (chain ${chainId})`
  return <DemoWalletPanel provider={provider} chainName={chainName} />
}
