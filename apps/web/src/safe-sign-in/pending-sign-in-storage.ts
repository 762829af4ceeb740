import { type Address, getAddress } from 'viem'
import {
  isStoredAddress,
  type StoredSafeSignIn,
  storedSignIn,
} from '../safe-message-tracker/stored-sign-in.ts'

/** A Safe sign-in from an owner's wallet that waits for co-owners: resumed after a reload, on any tab. */
export type PendingSafeSignIn = StoredSafeSignIn & {
  /** Owners and threshold when the sign-in started: a change while waiting voids the confirmations. */
  owners: Address[]
  threshold: number
  /** The owner who proposed the message. */
  startedBy: Address
}

export type { KeyValueStorage } from '../safe-message-tracker/stored-sign-in.ts'

const pending = storedSignIn('signet.pendingSafeSignIn', ({ owners, threshold, startedBy }) => {
  if (
    !(Array.isArray(owners) && owners.length > 0 && owners.every(isStoredAddress)) ||
    !(typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1) ||
    !isStoredAddress(startedBy)
  )
    return undefined
  return {
    owners: owners.map((owner: string) => getAddress(owner)),
    threshold,
    startedBy: getAddress(startedBy),
  }
})

export const pendingSignInStorageKey = pending.key
/** Remembers the pending sign-in (one at a time: starting another one replaces it). */
export const savePendingSignIn = pending.save
export const clearPendingSignIn = pending.clear
/** The remembered pending sign-in, or undefined (an entry that is not what was saved is dropped). */
export const loadPendingSignIn = pending.load
