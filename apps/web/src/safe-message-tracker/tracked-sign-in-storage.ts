import { type Address, getAddress, type Hex, isAddress } from 'viem'

/** A sign-in as a Safe that waits for its message to be signed: enough to pick it up after a reload. */
export type TrackedSafeSignIn = {
  chainId: number
  safe: Address
  /** The Safe's version (its EIP-712 domain depends on it). */
  safeVersion: string
  /** The exact EIP-4361 text. */
  message: string
  /** Its SafeMessage hash, as Safe{Wallet} computes it. */
  messageHash: Hex
  /** Until when the server holds the message's nonce (ISO 8601). */
  nonceExpiresAt: string
  startedAt: string
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const trackedSignInStorageKey = 'signet.safeAccountSignIn'
const formatVersion = 1

/** Remembers the tracked sign-in (one at a time: a new one replaces it). */
export function saveTrackedSignIn(storage: KeyValueStorage, tracked: TrackedSafeSignIn): void {
  storage.setItem(trackedSignInStorageKey, JSON.stringify({ v: formatVersion, ...tracked }))
}

export function clearTrackedSignIn(storage: KeyValueStorage): void {
  storage.removeItem(trackedSignInStorageKey)
}

/**
 * The remembered sign-in, or undefined. Storage is input like any other: an entry that is not exactly
 * what {@link saveTrackedSignIn} wrote (another version, edited by hand) is dropped.
 */
export function loadTrackedSignIn(storage: KeyValueStorage): TrackedSafeSignIn | undefined {
  const text = storage.getItem(trackedSignInStorageKey)
  if (text === null) return undefined
  const tracked = parseTracked(text)
  if (!tracked) clearTrackedSignIn(storage)
  return tracked
}

function parseTracked(text: string): TrackedSafeSignIn | undefined {
  let raw: Record<string, unknown>
  try {
    raw = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof raw !== 'object' || raw === null || raw.v !== formatVersion) return undefined
  const { chainId, safe, safeVersion, message, messageHash, nonceExpiresAt, startedAt } = raw
  const time = (value: unknown): value is string =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value))
  if (
    !(typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0) ||
    !(typeof safe === 'string' && isAddress(safe, { strict: false })) ||
    !(typeof safeVersion === 'string' && /^\d+\.\d+\.\d+/.test(safeVersion)) ||
    typeof message !== 'string' ||
    !(typeof messageHash === 'string' && /^0x[0-9a-f]{64}$/i.test(messageHash)) ||
    !time(nonceExpiresAt) ||
    !time(startedAt)
  ) {
    return undefined
  }
  return {
    chainId,
    safe: getAddress(safe),
    safeVersion,
    message,
    messageHash: messageHash.toLowerCase() as Hex,
    nonceExpiresAt,
    startedAt,
  }
}
