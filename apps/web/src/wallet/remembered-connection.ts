/**
 * What wagmi remembers of the last session, read without loading wagmi: its persisted store
 * (`wagmi.store` in localStorage, the default storage of `createConfig`) keeps the live
 * connections, each with its connector's id, until the wallet disconnects.
 */

/** wagmi's storage key of the persisted store (prefix `wagmi`, name `store`). */
export const wagmiStoreKey = 'wagmi.store'

/**
 * The ids of the connectors wagmi will reconnect after a reload (empty when nothing is remembered,
 * storage is unreadable or holds something else).
 *
 * @example rememberedConnectorIds(localStorage) // ['walletConnect']
 */
export function rememberedConnectorIds(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  let text: string | null
  try {
    text = storage?.getItem(wagmiStoreKey) ?? null
  } catch {
    // A cross-site frame may be denied storage: then nothing is remembered.
    return []
  }
  if (!text) return []
  try {
    const stored: unknown = JSON.parse(text)
    const entries = (stored as { state?: { connections?: { value?: unknown } } })?.state?.connections?.value
    if (!Array.isArray(entries)) return []
    const ids: string[] = []
    for (const entry of entries) {
      const id = Array.isArray(entry)
        ? (entry[1] as { connector?: { id?: unknown } })?.connector?.id
        : undefined
      if (typeof id === 'string' && !ids.includes(id)) ids.push(id)
    }
    return ids
  } catch {
    return []
  }
}

/** The browser's localStorage, or undefined where reading it throws (a denied cross-site frame). */
export function browserStorage(win: Window = window): Storage | undefined {
  try {
    return win.localStorage
  } catch {
    return undefined
  }
}
