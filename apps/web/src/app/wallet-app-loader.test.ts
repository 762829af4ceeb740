import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '../lib/framing.ts'
import { signInStores } from '../safe-message-tracker/stored-sign-in.ts'
import { wagmiStoreKey } from '../wallet/remembered-connection.ts'
import { pendingSafeSignInKey, walletNeededAtOnce } from './wallet-app-loader.ts'

/** Just what walletNeededAtOnce reads of a window: its parent, its hash and its localStorage. */
function page(options: { framed?: boolean; hash?: string; storage?: Record<string, string> | 'denied' }) {
  const storage = new MemoryStorage()
  if (options.storage && options.storage !== 'denied') {
    for (const [key, value] of Object.entries(options.storage)) storage.setItem(key, value)
  }
  const win = {
    location: { hash: options.hash ?? '' },
    get localStorage(): Storage {
      if (options.storage === 'denied') throw new DOMException('denied', 'SecurityError')
      return storage
    },
  } as { parent?: unknown } & Record<string, unknown>
  win.parent = options.framed ? {} : win
  return win as unknown as Window
}

const connectedStore = JSON.stringify({
  state: {
    connections: {
      __type: 'Map',
      value: [['uid-1', { accounts: ['0x1'], chainId: 1, connector: { id: 'walletConnect', uid: 'uid-1' } }]],
    },
    chainId: 1,
    current: 'uid-1',
  },
  version: 2,
})
const disconnectedStore = JSON.stringify({
  state: { connections: { __type: 'Map', value: [] }, chainId: 1, current: null },
  version: 2,
})

describe('walletNeededAtOnce', () => {
  it('is undefined for a plain first visit: the wallet code waits for intent', () => {
    expect(walletNeededAtOnce(page({}))).toBeUndefined()
    expect(walletNeededAtOnce(page({ storage: { [wagmiStoreKey]: disconnectedStore } }))).toBeUndefined()
    expect(walletNeededAtOnce(page({ storage: 'denied' }))).toBeUndefined()
    expect(walletNeededAtOnce(page({ hash: '#/' }))).toBeUndefined()
  })

  it('names why the page needs it from the start', () => {
    expect(walletNeededAtOnce(page({ framed: true }))).toBe('framed')
    expect(walletNeededAtOnce(page({ hash: `#/safe/1/0x${'11'.repeat(20)}` }))).toBe('wallet-route')
    expect(
      walletNeededAtOnce(page({ hash: `#/safe-message/1/0x${'11'.repeat(20)}/0x${'22'.repeat(32)}` })),
    ).toBe('wallet-route')
    expect(walletNeededAtOnce(page({ storage: { [wagmiStoreKey]: connectedStore } }))).toBe(
      'remembered-connection',
    )
    expect(walletNeededAtOnce(page({ storage: { [pendingSafeSignInKey]: '{}' } }))).toBe(
      'pending-safe-sign-in',
    )
  })

  it('reads the pending Safe sign-in under the key its store writes', () => {
    expect(pendingSafeSignInKey).toBe(signInStores.owner.key)
  })
})
