import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import { createPublicClient, custom, getAddress, type Hex, hexToString, isAddressEqual, isHex } from 'viem'
import { lastingFrameStorage } from '../lib/framing.ts'
import { SafeSignInError } from '../safe-message-tracker/safe-sign-in-error.ts'
import { createSafeSignInServices } from '../safe-message-tracker/safe-sign-in-services.ts'
import { signInStores } from '../safe-message-tracker/stored-sign-in.ts'
import type { SafeAppProviderLike, SafeAppSession } from './safe-app-session.ts'
import { createSafeAppSignIn, signInAsSafeApp } from './safe-app-sign-in.ts'
import { markFailedSafeExecution } from './safe-execution-receipt.ts'

/**
 * The Safe Apps provider's own error for a signing request that names another account: a protocol text
 * (callers match it), not worded by Signet's catalogue.
 */
export const safeProviderAddressMismatch = 'The address or message hash is invalid'

export type SignetSafeProviderOptions = {
  gatewayUrl: string
  appName: string
  /** A shorter wait for the owners than the server's hold on the nonce (a quick retry). */
  signingTimeoutMs?: number
}

/**
 * The Safe connector's provider with Signet's signing: `personal_sign` is the Safe App's sign-in on the
 * Safe sign-in tracker (off-chain confirmations or the on-chain transaction, resumed after a reload),
 * instead of returning `0x` as soon as a transaction is proposed. Every other call goes to the Safe Apps
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
  // The Safe's chain is read through the host (`rpcCall`), like every other read of the Safe App.
  const chain = createPublicClient({ transport: custom(inner) })
  // Inside Safe{Wallet} Signet is a third-party frame: it keeps the sign-in wherever the browser lets it.
  const lasting = lastingFrameStorage()
  const storage = lasting ?? window.localStorage
  const signIn = createSafeAppSignIn(
    sdk,
    createSafeSignInServices({
      gatewayUrl: options.gatewayUrl,
      gatewayTimeoutMs: 5_000,
      chainClient: (chainId) => (chainId === info.chainId ? chain : undefined),
      appName: options.appName,
      storage,
    }),
  )
  // A sign-in of this Safe left waiting when the frame reloaded: followed again, never asked again.
  const left = signInStores.safeApp.load(storage)
  if (left && isAddressEqual(left.safe, safeAddress) && left.chainId === info.chainId) void signIn.resume()

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
      return signInAsSafeApp(signIn, sdk, {
        safe: safeAddress,
        chainId: info.chainId,
        version,
        text,
        ...(options.signingTimeoutMs ? { deadlineMs: options.signingTimeoutMs } : {}),
      })
    },
    on: (event, listener) => inner.on(event, listener),
    removeListener: (event, listener) => inner.removeListener(event, listener),
  }
  return {
    sdk,
    info: { ...info, safeAddress, version },
    provider,
    signIn,
    signInSurvivesReload: lasting !== undefined,
  }
}
