import type { VerifyTrouble } from './verify-failure.ts'

/**
 * The last sign-in attempt's trouble that RainbowKit's dialog cannot tell (it has one text for anything
 * that goes wrong while verifying): RainbowKit's "Oops, something went wrong!" and why. Shown by
 * SignInErrorNotice; cleared when the next attempt starts, on success, and by the user.
 */
export type SignInNotice = { reason: VerifyTrouble }

let notice: SignInNotice | undefined
const listeners = new Set<() => void>()

export const signInNoticeStore = {
  get: (): SignInNotice | undefined => notice,
  set(next: SignInNotice | undefined): void {
    if (next === notice) return
    notice = next
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
