/**
 * True inside a frame (Safe{Wallet} loads a Safe App in an iframe). A cross-origin parent may throw
 * on access in exotic embeddings, which also means "framed".
 */
export function isFramed(win: Window = window): boolean {
  try {
    return win.parent !== win
  } catch {
    return true
  }
}

/** Web Storage kept in memory: what a framed page gets where the browser denies it real storage. */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length(): number {
    return this.#items.size
  }
  clear(): void {
    this.#items.clear()
  }
  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.#items.delete(String(key))
  }
  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value))
  }
}

/** The storages {@link ensureFrameStorage} replaced in this page. */
let memoryOnly: readonly string[] = []

/**
 * Browsers that block third-party storage (Safari, Brave, Chrome's incognito and headless profiles)
 * throw a SecurityError on *reading* `localStorage` inside a cross-site frame, which wagmi and
 * RainbowKit do unguarded. There each denied storage is replaced by a {@link MemoryStorage}: the app
 * works, only without remembering anything across reloads (the Safe reconnects by itself anyway).
 * Returns the names of the storages that were replaced.
 */
export function ensureFrameStorage(win: Window = window): ('localStorage' | 'sessionStorage')[] {
  const replaced: ('localStorage' | 'sessionStorage')[] = []
  if (typeof window !== 'undefined' && win === window) memoryOnly = replaced
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      void win[name]
    } catch {
      Object.defineProperty(win, name, { value: new MemoryStorage(), configurable: true })
      replaced.push(name)
    }
  }
  return replaced
}

/** What {@link lastingFrameStorage} hands out (the part of Web Storage it needs). */
export type LastingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * Where this framed page can keep something across a reload: its `localStorage` when the browser gives it
 * one, else its partitioned cookies (CHIPS, which browsers that deny a cross-site frame storage still
 * allow, as for the session), else nowhere (undefined).
 */
export function lastingFrameStorage(win: Window = window): LastingStorage | undefined {
  if (!memoryOnly.includes('localStorage')) return win.localStorage
  return partitionedCookieStorage(win.document)
}

/**
 * Key-value storage in this page's partitioned cookies (`Path=/`, so the page sees them; each is sent to
 * Signet with its requests, a few hundred bytes). Undefined when a written cookie does not read back.
 */
export function partitionedCookieStorage(
  doc: Pick<Document, 'cookie'>,
  maxAgeSeconds = 8 * 24 * 60 * 60,
): LastingStorage | undefined {
  const write = (name: string, value: string, maxAge: number) => {
    doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; Secure; SameSite=None; Partitioned`
  }
  const read = (name: string): string | null => {
    for (const part of doc.cookie.split(/;\s*/)) {
      const at = part.indexOf('=')
      if (at > 0 && decodeURIComponent(part.slice(0, at)) === name)
        return decodeURIComponent(part.slice(at + 1))
    }
    return null
  }
  try {
    write('signet.probe', '1', 60)
    if (read('signet.probe') !== '1') return undefined
    write('signet.probe', '', 0)
  } catch {
    return undefined
  }
  return {
    getItem: read,
    setItem: (name, value) => write(name, value, maxAgeSeconds),
    removeItem: (name) => write(name, '', 0),
  }
}
