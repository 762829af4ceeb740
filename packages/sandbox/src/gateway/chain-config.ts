/** What the local gateway says about the one chain it serves (the gateway schema's `Chain`). */
export function chainConfig(params: {
  chainId: number
  chainName: string
  rpcUrl: string
  gatewayUrl: string
  recommendedMasterCopyVersion: string | null
}) {
  const rpc = { authentication: 'NO_AUTHENTICATION', value: params.rpcUrl }
  return {
    chainId: String(params.chainId),
    chainName: params.chainName,
    description: 'Local development chain (anvil)',
    chainLogoUri: null,
    l2: false,
    isTestnet: true,
    zk: false,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
    transactionService: params.gatewayUrl,
    blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
    beaconChainExplorerUriTemplate: {},
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    // EIP1271: Safe{Wallet} and Signet use it to decide that off-chain Safe signatures can be checked.
    features: ['EIP1271', 'EIP1559', 'SAFE_APPS'],
    gasPrice: [{ type: 'fixed1559', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' }],
    publicRpcUri: rpc,
    rpcUri: rpc,
    safeAppsRpcUri: rpc,
    shortName: 'anvil',
    theme: { textColor: '#ffffff', backgroundColor: '#1b1b1f' },
    recommendedMasterCopyVersion: params.recommendedMasterCopyVersion,
    relayer: null,
  }
}
