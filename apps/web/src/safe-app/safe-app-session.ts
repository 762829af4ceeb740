import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import type { SafeInfoExtended } from '@safe-global/safe-apps-sdk'
import type { Address } from 'viem'
import type { SafeAppSignIn } from './safe-app-sign-in.ts'

/** An EIP-1193 provider for the Safe, as the wagmi connector hands it out. */
export type SafeAppProviderLike = {
  readonly chainId: number
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown
}

/** The Safe this page runs in, once the host answered: the SDK, the Safe's info and its provider. */
export type SafeAppSession = {
  sdk: SafeAppsSDK
  info: SafeInfoExtended & { safeAddress: Address; version: string }
  provider: SafeAppProviderLike
  /** Signing in as this Safe (the tracker: waiting, resumed after a reload, its outcome). */
  signIn: SafeAppSignIn
  /** False where the browser gives the frame nowhere to keep it: a reload loses a waiting sign-in. */
  signInSurvivesReload: boolean
}

type Listener = () => void
let current: SafeAppSession | undefined
const listeners = new Set<Listener>()

/** Set by the connector, read by the Safe App view and the host-routed transport. */
export const safeAppSession = {
  get: (): SafeAppSession | undefined => current,
  set(session: SafeAppSession) {
    current = session
    for (const listener of listeners) listener()
  },
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
