import type { PublicChain as ChainConfig } from '@signet/protocol/public-config'

/**
 * Chains Signet offers without configuration. Their public RPCs can be replaced (and any other
 * chain enabled) with `SIGNET_RPC_<chainId>`.
 */
export const defaultChains: readonly ChainConfig[] = [
  {
    id: 1,
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['https://eth.merkle.io', 'https://cloudflare-eth.com'],
    blockExplorerUrl: 'https://etherscan.io',
  },
  {
    id: 100,
    name: 'Gnosis',
    nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
    rpcUrls: ['https://rpc.gnosischain.com'],
    blockExplorerUrl: 'https://gnosisscan.io',
  },
  {
    id: 11155111,
    name: 'Sepolia',
    nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['https://ethereum-sepolia-rpc.publicnode.com', 'https://rpc.sepolia.org'],
    blockExplorerUrl: 'https://sepolia.etherscan.io',
    testnet: true,
  },
]

/** The local development chain (anvil), offered in demo and dev mode. */
export function localChain(rpcUrls: string[]): ChainConfig {
  return {
    id: 31337,
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls,
    testnet: true,
  }
}

/** A chain enabled only by `SIGNET_RPC_<chainId>`: named after its id until an operator names it. */
export function customChain(id: number, rpcUrls: string[]): ChainConfig {
  return {
    id,
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls,
  }
}
