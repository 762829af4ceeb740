import type { SignClient } from '@walletconnect/sign-client'

type SignClientStorage = NonNullable<NonNullable<Parameters<typeof SignClient.init>[0]>['storage']>

/**
 * Keeps a WalletConnect sign client's state in this process's memory: the sandbox host, its test dApp
 * and the browser tests' wallet start fresh each time and leave nothing on disk.
 */
export function memorySignClientStorage(): SignClientStorage {
  const memory = new Map<string, unknown>()
  return {
    getKeys: async () => [...memory.keys()],
    getEntries: async <T>() => [...memory.entries()] as [string, T][],
    getItem: async <T>(key: string) => memory.get(key) as T | undefined,
    setItem: async (key, value) => void memory.set(key, value),
    removeItem: async (key) => void memory.delete(key),
  }
}
