import { type Address, getAddress, type Hex, isAddress } from 'viem'

/** A Safe sign-in that waits for co-owners: enough to resume it after a reload, on any tab of this origin. */
export type PendingSafeSignIn = {
  chainId: number
  safe: Address
  /** The Safe's version (its EIP-712 domain depends on it). */
  safeVersion: string
  /** Owners and threshold when the sign-in started: a change while waiting voids the confirmations. */
  owners: Address[]
  threshold: number
  /** The owner who proposed the message. */
  startedBy: Address
  /** The exact EIP-4361 text. */
  message: string
  messageHash: Hex
  /** Until when the server holds the message's nonce (ISO 8601). */
  nonceExpiresAt: string
  startedAt: string
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const pendingSignInStorageKey = 'signet.pendingSafeSignIn'
const formatVersion = 1

/** Remembers the pending sign-in (one at a time: starting another one replaces it). */
export function savePendingSignIn(storage: KeyValueStorage, pending: PendingSafeSignIn): void {
  storage.setItem(pendingSignInStorageKey, JSON.stringify({ v: formatVersion, ...pending }))
}

export function clearPendingSignIn(storage: KeyValueStorage): void {
  storage.removeItem(pendingSignInStorageKey)
}

/**
 * The remembered pending sign-in, or undefined. Storage is input like any other: an entry that is not
 * exactly what {@link savePendingSignIn} wrote (another version, edited by hand) is dropped.
 */
export function loadPendingSignIn(storage: KeyValueStorage): PendingSafeSignIn | undefined {
  const text = storage.getItem(pendingSignInStorageKey)
  if (text === null) return undefined
  const pending = parsePending(text)
  if (!pending) clearPendingSignIn(storage)
  return pending
}

function parsePending(text: string): PendingSafeSignIn | undefined {
  let raw: Record<string, unknown>
  try {
    raw = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof raw !== 'object' || raw === null || raw.v !== formatVersion) return undefined
  const {
    chainId,
    safe,
    safeVersion,
    owners,
    threshold,
    startedBy,
    message,
    messageHash,
    nonceExpiresAt,
    startedAt,
  } = raw
  const address = (value: unknown): value is string =>
    typeof value === 'string' && isAddress(value, { strict: false })
  const time = (value: unknown): value is string =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value))
  if (
    !(typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0) ||
    !address(safe) ||
    typeof safeVersion !== 'string' ||
    !(Array.isArray(owners) && owners.length > 0 && owners.every(address)) ||
    !(typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1) ||
    !address(startedBy) ||
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
    owners: owners.map((owner) => getAddress(owner)),
    threshold,
    startedBy: getAddress(startedBy),
    message,
    messageHash: messageHash as Hex,
    nonceExpiresAt,
    startedAt,
  }
}
