import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import { createGatewayClient } from '@signet/gateway/client'
import { type Address, getAddress, type Hex, hexToString, isHex } from 'viem'
import { SafeSignInError } from '../safe-message-tracker/safe-sign-in-error.ts'
import type { SafeAppProviderLike, SafeAppSession } from './safe-app-session.ts'
import { markFailedSafeExecution } from './safe-execution-receipt.ts'
import { safeSigningProgress } from './safe-signing-progress.ts'
import { signAsSafe } from './sign-as-safe.ts'

/**
 * The Safe Apps provider's own error for a signing request that names another account: a protocol text
 * (callers match it), not worded by Signet's catalogue.
 */
export const safeProviderAddressMismatch = 'The address or message hash is invalid'

export type SignetSafeProviderOptions = {
  gatewayUrl: string
  /** Whole wait for the owners (default 10 minutes). */
  signingTimeoutMs?: number
}

/**
 * The Safe connector's provider with Signet's signing: `personal_sign` waits for the Safe itself
 * (off-chain confirmations or the on-chain transaction, with progress and a time-out) instead of
 * returning `0x` as soon as a transaction is proposed. Every other call goes to the Safe Apps
 * provider, so chain reads are relayed through the host (`rpcCall`) and unsupported methods fail with
 * its `"<method>" not implemented`. A receipt asked for by safeTxHash reports a failed Safe execution
 * as reverted.
 */
export async function createSignetSafeProvider(
  inner: SafeAppProviderLike,
  allowedDomains: RegExp[],
  options: SignetSafeProviderOptions,
): Promise<SafeAppSession> {
  // A second SDK instance beside the connector's: it sees the same host, and answers come by request id.
  const { default: SafeAppsSDKClass } = await import('@safe-global/safe-apps-sdk')
  const sdk: SafeAppsSDK = new SafeAppsSDKClass({ allowedDomains })
  const info = await sdk.safe.getInfo()
  const version = 'version' in info && typeof info.version === 'string' ? info.version : '1.3.0'
  const safeAddress = getAddress(info.safeAddress)
  const gateway = createGatewayClient({ baseUrl: options.gatewayUrl, timeoutMs: 5_000 })

  const provider: SafeAppProviderLike = {
    get chainId() {
      return inner.chainId
    },
    async request(args) {
      if (args.method === 'eth_getTransactionReceipt') {
        const [hash] = (Array.isArray(args.params) ? args.params : []) as [unknown]
        const receipt = await inner.request(args)
        return isHex(hash) ? markFailedSafeExecution(receipt, safeAddress, hash) : receipt
      }
      if (args.method !== 'personal_sign') return inner.request(args)
      const [message, address] = (Array.isArray(args.params) ? args.params : []) as [unknown, unknown]
      if (
        typeof address !== 'string' ||
        address.toLowerCase() !== safeAddress.toLowerCase() ||
        typeof message !== 'string'
      ) {
        throw new SafeSignInError('SAFE_ADDRESS_MISMATCH', safeProviderAddressMismatch)
      }
      // Safe{Wallet} hashes the text it is given (EIP-191 of its UTF-8), so hand it the text itself.
      const text = isHex(message) ? hexToString(message as Hex) : message
      return signAsSafe({
        sdk,
        safe: { address: safeAddress as Address, chainId: info.chainId, version, threshold: info.threshold },
        text,
        gateway,
        progress: safeSigningProgress,
        ...(options.signingTimeoutMs ? { timeoutMs: options.signingTimeoutMs } : {}),
      })
    },
    on: (event, listener) => inner.on(event, listener),
    removeListener: (event, listener) => inner.removeListener(event, listener),
  }
  return { sdk, info: { ...info, safeAddress, version }, provider }
}
