// Shapes the host's JSON endpoints answer with, as the page sees them (browser-safe: types only).

export type OwnerSignature = { owner: string; signature: string }

export type HostSafeInfo = {
  safeAddress: string
  chainId: number
  threshold: number
  owners: string[]
  isReadOnly: false
  nonce: number
  implementation: string
  modules: string[]
  fallbackHandler: string
  guard: null
  version: string
}

export type HostChainInfo = {
  chainName: string
  chainId: string
  shortName: string
  nativeCurrency: { name: string; symbol: string; decimals: number; logoUri: string }
  blockExplorerUriTemplate: { address: string; txHash: string; api: string }
}

export type AddressBookItem = { address: string; chainId: string; name: string }

export type HostContext = {
  appUrl: string
  chain: HostChainInfo
  safes: (HostSafeInfo & { signers: string[] })[]
  addressBook: AddressBookItem[]
}

export type MessageView = {
  messageHash: string
  safe: string
  message: unknown
  status: 'NEEDS_CONFIRMATION' | 'CONFIRMED' | 'REJECTED'
  confirmationsSubmitted: number
  confirmationsRequired: number
  confirmations: OwnerSignature[]
  pendingSigners: string[]
  preparedSignature: string | null
}

export type TransactionView = {
  safeTxHash: string
  safe: string
  description: string
  nonce: number
  status: 'AWAITING_CONFIRMATIONS' | 'AWAITING_EXECUTION' | 'SUCCESS' | 'FAILED' | 'CANCELLED'
  confirmationsSubmitted: number
  confirmationsRequired: number
  confirmations: OwnerSignature[]
  pendingSigners: string[]
  txHash: string | null
  details: unknown
}

export type HostErrorBody = { error: { code: string; message: string } }
