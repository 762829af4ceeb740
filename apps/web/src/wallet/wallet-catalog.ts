import type { WalletList } from '@rainbow-me/rainbowkit'
import {
  argentWallet,
  braveWallet,
  coinbaseWallet,
  frameWallet,
  imTokenWallet,
  injectedWallet,
  ledgerWallet,
  metaMaskWallet,
  okxWallet,
  phantomWallet,
  rabbyWallet,
  rainbowWallet,
  safeWallet,
  trustWallet,
  uniswapWallet,
  walletConnectWallet,
  zerionWallet,
} from '@rainbow-me/rainbowkit/wallets'

/**
 * The wallet ids an operator may name in `SIGNET_WALLET_GROUPS`, mapped to RainbowKit's wallet
 * definitions (which carry names, icons, download links and install steps). The SDKs behind them
 * (WalletConnect, Coinbase, MetaMask) are imported by wagmi's connectors only when used.
 */
export const walletCatalog: Readonly<Record<string, CreateWalletFn>> = {
  metaMask: metaMaskWallet,
  rainbow: rainbowWallet,
  coinbase: coinbaseWallet,
  walletConnect: walletConnectWallet,
  ledger: ledgerWallet,
  safe: safeWallet,
  trust: trustWallet,
  injected: injectedWallet,
  zerion: zerionWallet,
  argent: argentWallet,
  rabby: rabbyWallet,
  brave: braveWallet,
  okx: okxWallet,
  phantom: phantomWallet,
  uniswap: uniswapWallet,
  frame: frameWallet,
  imToken: imTokenWallet,
}

/** A function that creates one RainbowKit wallet definition. */
export type CreateWalletFn = WalletList[number]['wallets'][number]

/**
 * Whether a wallet's connector goes through WalletConnect in this browser (for most mobile
 * wallets: unless their extension is injected). RainbowKit throws for such a wallet when no
 * project id is given, which is exactly the question asked here.
 */
export function needsWalletConnect(createWallet: CreateWalletFn): boolean {
  try {
    createWallet({ projectId: undefined as unknown as string, appName: 'probe' })
    return false
  } catch (error) {
    if (error instanceof Error && /projectId/i.test(error.message)) return true
    throw error
  }
}
