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

/**
 * Browsers that block third-party storage (Safari, Brave, Chrome's incognito and headless profiles)
 * throw a SecurityError on *reading* `localStorage` inside a cross-site frame, which wagmi and
 * RainbowKit do unguarded. There each denied storage is replaced by a {@link MemoryStorage}: the app
 * works, only without remembering anything across reloads (the Safe reconnects by itself anyway).
 * Returns the names of the storages that were replaced.
 */
export function ensureFrameStorage(win: Window = window): ('localStorage' | 'sessionStorage')[] {
  const replaced: ('localStorage' | 'sessionStorage')[] = []
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
