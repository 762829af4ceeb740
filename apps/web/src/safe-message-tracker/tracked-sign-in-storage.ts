import { type StoredSafeSignIn, storedSignIn } from './stored-sign-in.ts'

/** A sign-in as a Safe connected as a wallet that waits for its message to be signed. */
export type TrackedSafeSignIn = StoredSafeSignIn

export type { KeyValueStorage } from './stored-sign-in.ts'

const tracked = storedSignIn('signet.safeAccountSignIn', () => ({}))

export const trackedSignInStorageKey = tracked.key
/** Remembers the tracked sign-in (one at a time: a new one replaces it). */
export const saveTrackedSignIn = tracked.save
export const clearTrackedSignIn = tracked.clear
/** The remembered sign-in, or undefined (an entry that is not what was saved is dropped). */
export const loadTrackedSignIn = tracked.load
