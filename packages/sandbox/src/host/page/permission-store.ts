/// <reference lib="dom" />
import type { Permission } from './sdk-messages.ts'

const storageKey = 'sandbox.permissions'

type Stored = Record<string, Permission[]>

/** Permissions granted per app origin, kept in this page's localStorage as Safe{Wallet} keeps them. */
export class PermissionStore {
  constructor(private readonly storage: Storage) {}

  get(origin: string): Permission[] {
    return this.#read()[origin] ?? []
  }

  has(origin: string, method: string): boolean {
    return this.get(origin).some((permission) => permission.parentCapability === method)
  }

  grant(origin: string, methods: string[]): Permission[] {
    const all = this.#read()
    const kept = (all[origin] ?? []).filter((permission) => !methods.includes(permission.parentCapability))
    const granted = methods.map((method) => ({
      invoker: origin,
      parentCapability: method,
      date: Date.now(),
      caveats: [],
    }))
    all[origin] = [...kept, ...granted]
    this.storage.setItem(storageKey, JSON.stringify(all))
    return all[origin]
  }

  clear(): void {
    this.storage.removeItem(storageKey)
  }

  #read(): Stored {
    try {
      const value = JSON.parse(this.storage.getItem(storageKey) ?? '{}') as unknown
      return typeof value === 'object' && value !== null ? (value as Stored) : {}
    } catch {
      return {}
    }
  }
}
