/**
 * The Safe Client Gateway calls Signet makes, keyed by client method name. `path` is the
 * template exactly as written in the gateway's OpenAPI schema, so the code generator prunes the
 * schema to these entries and the contract tests can resolve each call's operation.
 */
export const gatewayOperations = {
  getChainsConfig: { method: 'GET', path: '/v1/chains' },
  getChainConfig: { method: 'GET', path: '/v1/chains/{chainId}' },
  getSafeInfo: { method: 'GET', path: '/v1/chains/{chainId}/safes/{safeAddress}' },
  getIncomingTransfers: {
    method: 'GET',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/incoming-transfers',
  },
  getModuleTransactions: {
    method: 'GET',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/module-transactions',
  },
  getMultisigTransactions: {
    method: 'GET',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/multisig-transactions',
  },
  getBalances: { method: 'GET', path: '/v1/chains/{chainId}/safes/{safeAddress}/balances/{fiatCode}' },
  getFiatCurrencies: { method: 'GET', path: '/v1/balances/supported-fiat-codes' },
  getOwnedSafes: { method: 'GET', path: '/v1/chains/{chainId}/owners/{ownerAddress}/safes' },
  /** Not in the schema snapshot any more (the gateway retired it); kept for gateways that still serve it. */
  getCollectibles: { method: 'GET', path: '/v1/chains/{chainId}/safes/{safeAddress}/collectibles' },
  getCollectiblesPage: { method: 'GET', path: '/v2/chains/{chainId}/safes/{safeAddress}/collectibles' },
  getTransactionHistory: {
    method: 'GET',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/history',
  },
  getTransactionQueue: {
    method: 'GET',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/queued',
  },
  getTransactionDetails: { method: 'GET', path: '/v1/chains/{chainId}/transactions/{id}' },
  postSafeGasEstimation: {
    method: 'POST',
    path: '/v2/chains/{chainId}/safes/{address}/multisig-transactions/estimations',
  },
  getNonces: { method: 'GET', path: '/v1/chains/{chainId}/safes/{safeAddress}/nonces' },
  proposeTransaction: { method: 'POST', path: '/v1/chains/{chainId}/transactions/{safeAddress}/propose' },
  getSafeApps: { method: 'GET', path: '/v1/chains/{chainId}/safe-apps' },
  getMasterCopies: { method: 'GET', path: '/v1/chains/{chainId}/about/master-copies' },
  getDecodedData: { method: 'POST', path: '/v1/chains/{chainId}/data-decoder' },
  getSafeMessages: { method: 'GET', path: '/v1/chains/{chainId}/safes/{safeAddress}/messages' },
  proposeSafeMessage: { method: 'POST', path: '/v1/chains/{chainId}/safes/{safeAddress}/messages' },
  getSafeMessage: { method: 'GET', path: '/v1/chains/{chainId}/messages/{messageHash}' },
  confirmSafeMessage: { method: 'POST', path: '/v1/chains/{chainId}/messages/{messageHash}/signatures' },
  getDelegates: { method: 'GET', path: '/v1/chains/{chainId}/delegates' },
  registerDevice: { method: 'POST', path: '/v1/register/notifications' },
  unregisterSafe: {
    method: 'DELETE',
    path: '/v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safeAddress}',
  },
  unregisterDevice: { method: 'DELETE', path: '/v1/chains/{chainId}/notifications/devices/{uuid}' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'DELETE'; path: `/${string}` }>

export type GatewayCallName = keyof typeof gatewayOperations
export type GatewayMethod = (typeof gatewayOperations)[GatewayCallName]['method']

/** Calls Signet makes that are absent from the gateway's published schema. */
export const operationsMissingFromSchema: readonly GatewayCallName[] = ['getCollectibles']
