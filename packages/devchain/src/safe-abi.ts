import { parseAbi } from 'viem'

// Single-function ABI fragments. The full Safe ABI has two `isValidSignature` overloads (and the
// fallback handler's on top), between which viem cannot choose by name, so each call gets its own.

export const setupAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
])

export const proxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function proxyCreationCode() pure returns (bytes)',
])

export const safeReadAbi = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function VERSION() view returns (string)',
  'function signedMessages(bytes32 messageHash) view returns (uint256)',
])

export const execTransactionAbi = parseAbi([
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
])

/** SignMessageLib (≥1.3.0, delegate-called) and the 1.1.1 GnosisSafe itself (called by the Safe). */
export const signMessageAbi = parseAbi(['function signMessage(bytes message)'])

/** EIP-1271 as of 2019+: through CompatibilityFallbackHandler on ≥1.3.0. Magic value 0x1626ba7e. */
export const isValidSignatureAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

/**
 * Legacy EIP-1271 draft: on the 1.1.1 GnosisSafe itself and the 1.3.0/1.4.1 fallback handlers (1.5.0's
 * handler dropped it). Magic value 0x20c13b0b.
 */
export const legacyIsValidSignatureAbi = parseAbi([
  'function isValidSignature(bytes data, bytes signature) view returns (bytes4)',
])

export const EIP1271_MAGIC_VALUE = '0x1626ba7e'
export const LEGACY_EIP1271_MAGIC_VALUE = '0x20c13b0b'

/** keccak256("fallback_manager.handler.address"): where a Safe keeps its fallback handler. */
export const FALLBACK_HANDLER_STORAGE_SLOT =
  '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5'
