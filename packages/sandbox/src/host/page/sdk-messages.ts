// The Safe Apps SDK's postMessage protocol, as Safe{Wallet} speaks it (@safe-global/safe-apps-sdk 9):
// requests `{ id, method, params, env: { sdkVersion } }`, responses `{ id, success, data | error, version }`.

export const sdkMethods = [
  'sendTransactions',
  'rpcCall',
  'getChainInfo',
  'getSafeInfo',
  'getTxBySafeTxHash',
  'getSafeBalances',
  'signMessage',
  'signTypedMessage',
  'getEnvironmentInfo',
  'getOffChainSignature',
  'requestAddressBook',
  'wallet_getPermissions',
  'wallet_requestPermissions',
] as const

export type SdkMethod = (typeof sdkMethods)[number]

/** Methods an app may call only after the person granted them (`wallet_requestPermissions`). */
export const restrictedMethods = ['requestAddressBook'] as const

export type SdkRequest = { id: string; method: SdkMethod; params: unknown; env: { sdkVersion: string } }

/** The version the host reports in its responses; the SDK accepts any major ≥ 1. */
export const hostSdkVersion = '9.1.0'

export type SdkResponse =
  | { id: string; success: true; data: unknown; version: string }
  | { id: string; success: false; error: string; version: string }

/** A well-formed SDK request, or undefined for anything else (which the host ignores). */
export function parseSdkRequest(data: unknown): SdkRequest | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { id, method, env } = data as Record<string, unknown>
  if (typeof id !== 'string' || id.length === 0 || id.length > 100) return undefined
  if (typeof method !== 'string' || !(sdkMethods as readonly string[]).includes(method)) return undefined
  if (
    typeof env !== 'object' ||
    env === null ||
    typeof (env as { sdkVersion?: unknown }).sdkVersion !== 'string'
  ) {
    return undefined
  }
  return data as SdkRequest
}

export function successResponse(id: string, data: unknown): SdkResponse {
  return { id, success: true, data, version: hostSdkVersion }
}

export function errorResponse(id: string, error: string): SdkResponse {
  return { id, success: false, error, version: hostSdkVersion }
}

export type Permission = { invoker: string; parentCapability: string; date: number; caveats: unknown[] }

/**
 * A permission request the host can grant: a non-empty list of `{ [restrictedMethod]: {} }`.
 * Returns the requested methods, or undefined when the request is invalid.
 */
export function requestedPermissions(params: unknown): string[] | undefined {
  if (!Array.isArray(params) || params.length === 0) return undefined
  const methods: string[] = []
  for (const entry of params) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined
    const keys = Object.keys(entry)
    if (keys.length === 0) return undefined
    for (const key of keys) {
      if (!(restrictedMethods as readonly string[]).includes(key)) return undefined
      methods.push(key)
    }
  }
  return methods
}
