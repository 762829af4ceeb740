// A run-time config as the server hands it out (two chains, demo keys, WalletConnect), for the tests
// of both sides of the protocol.

/** Plain JSON, as it arrives in the browser; tests clone it and break one field. */
export const samplePublicConfig = {
  appName: 'Signet',
  mode: 'demo',
  chains: [
    {
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://eth.example', 'wss://eth.example/ws'],
      blockExplorerUrl: 'https://etherscan.io',
    },
    {
      id: 31337,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
      testnet: true,
    },
  ],
  walletConnectProjectId: '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe',
  walletConnectRelayUrl: 'wss://relay.walletconnect.org',
  gatewayUrl: 'https://safe-client.safe.global',
  safeHosts: ['https://app.safe.global'],
  demoAccounts: [
    {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    },
  ],
  walletGroups: [{ groupName: 'Recommended', wallets: ['metaMask', 'rainbow'] }],
  theme: { accent: 'blue', radius: 'large', mode: 'system' },
}
