import { type Address, getAddress, type Hex, isAddress } from 'viem'

/** The kinds of remembered sign-in: from an owner's wallet, as the connected Safe, as the Safe App. */
export type SignInKind = 'owner' | 'connected' | 'safeApp'

/** Where a waiting Safe sign-in is remembered (localStorage: every tab of this origin sees it). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** What every remembered Safe sign-in holds: enough to watch its message again after a reload. */
export type StoredSafeSignIn = {
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

const formatVersion = 1

/** A sign-in from an owner's wallet also remembers the Safe as it was: a change voids the confirmations. */
export type OwnerSignInExtra = {
  /** Owners and threshold when the sign-in started. */
  owners: Address[]
  threshold: number
  /** The owner who proposed the message. */
  startedBy: Address
}

/** The Safe App's sign-in remembers how the host asked the owners, to follow it after a reload. */
export type SafeAppSignInExtra = {
  /** The host proposed a Safe transaction (SignMessageLib) instead of an off-chain message. */
  safeTxHash?: Hex
  /** The host answered with the message hash only: it hands the signature out once complete. */
  hostHoldsSignature?: boolean
}

/** One store per kind of remembered sign-in: where it is kept, and what it adds to the common fields. */
export type SignInStore<Extra extends object = object> = {
  kind: SignInKind
  key: string
  save(storage: KeyValueStorage, entry: StoredSafeSignIn & Extra): void
  clear(storage: KeyValueStorage): void
  load(storage: KeyValueStorage): (StoredSafeSignIn & Extra) | undefined
}

/**
 * The two kinds and their keys (one key each: starting another sign-in of a kind replaces the last).
 * Storage is input like any other: `load` drops an entry that is not exactly what `save` wrote (another
 * format version, edited by hand).
 */
export const signInStores = {
  owner: storedSignIn<OwnerSignInExtra>('owner', 'signet.pendingSafeSignIn', readOwnerExtra),
  connected: storedSignIn<object>('connected', 'signet.safeAccountSignIn', () => ({})),
  safeApp: storedSignIn<SafeAppSignInExtra>('safeApp', 'signet.safeAppSignIn', readSafeAppExtra),
}

function readSafeAppExtra({ safeTxHash, hostHoldsSignature }: Record<string, unknown>) {
  if (safeTxHash !== undefined && !(typeof safeTxHash === 'string' && /^0x[0-9a-f]{64}$/i.test(safeTxHash)))
    return undefined
  if (hostHoldsSignature !== undefined && typeof hostHoldsSignature !== 'boolean') return undefined
  return {
    ...(safeTxHash ? { safeTxHash: safeTxHash as Hex } : {}),
    ...(hostHoldsSignature ? { hostHoldsSignature } : {}),
  }
}

function readOwnerExtra({ owners, threshold, startedBy }: Record<string, unknown>) {
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
}

function storedSignIn<Extra extends object>(
  kind: SignInKind,
  key: string,
  readExtra: (raw: Record<string, unknown>) => Extra | undefined,
): SignInStore<Extra> {
  type Entry = StoredSafeSignIn & Extra
  const clear = (storage: KeyValueStorage) => storage.removeItem(key)
  return {
    kind,
    key,
    save(storage: KeyValueStorage, entry: Entry): void {
      storage.setItem(key, JSON.stringify({ v: formatVersion, ...entry }))
    },
    clear,
    load(storage: KeyValueStorage): Entry | undefined {
      const text = storage.getItem(key)
      if (text === null) return undefined
      const entry = parseEntry(text, readExtra)
      if (!entry) clear(storage)
      return entry
    },
  }
}

function parseEntry<Extra extends object>(
  text: string,
  readExtra: (raw: Record<string, unknown>) => Extra | undefined,
): (StoredSafeSignIn & Extra) | undefined {
  let raw: Record<string, unknown>
  try {
    raw = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof raw !== 'object' || raw === null || raw.v !== formatVersion) return undefined
  const { chainId, safe, safeVersion, message, messageHash, nonceExpiresAt, startedAt } = raw
  if (
    !(typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0) ||
    !isStoredAddress(safe) ||
    !(typeof safeVersion === 'string' && /^\d+\.\d+\.\d+/.test(safeVersion)) ||
    typeof message !== 'string' ||
    !(typeof messageHash === 'string' && /^0x[0-9a-f]{64}$/i.test(messageHash)) ||
    !isStoredTime(nonceExpiresAt) ||
    !isStoredTime(startedAt)
  )
    return undefined
  const extra = readExtra(raw)
  if (!extra) return undefined
  return {
    chainId,
    safe: getAddress(safe),
    safeVersion,
    message,
    messageHash: messageHash.toLowerCase() as Hex,
    nonceExpiresAt,
    startedAt,
    ...extra,
  }
}

function isStoredAddress(value: unknown): value is string {
  return typeof value === 'string' && isAddress(value, { strict: false })
}

function isStoredTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value))
}
