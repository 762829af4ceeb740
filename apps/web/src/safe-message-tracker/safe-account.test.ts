import { describe, expect, it } from 'vitest'
import { checkSafeAccount, isSafeWalletPeer } from './safe-account.ts'

const address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'

describe('checkSafeAccount', () => {
  const client = (code: string | undefined, version: string | Error) => ({
    getCode: async () => code as `0x${string}` | undefined,
    readContract: (async () => {
      if (version instanceof Error) throw version
      return version
    }) as never,
  })

  it('is a Safe with its version when there is code that answers VERSION()', async () => {
    expect(await checkSafeAccount(client('0x6080', '1.4.1'), address)).toEqual({
      kind: 'safe',
      version: '1.4.1',
    })
    expect(await checkSafeAccount(client('0x6080', '1.1.1'), address)).toEqual({
      kind: 'safe',
      version: '1.1.1',
    })
  })

  it('tells a key-held account (or a Safe not deployed yet) from another contract', async () => {
    expect(await checkSafeAccount(client(undefined, '1.4.1'), address)).toEqual({ kind: 'no-code' })
    expect(await checkSafeAccount(client('0x', '1.4.1'), address)).toEqual({ kind: 'no-code' })
    expect(await checkSafeAccount(client('0x6080', new Error('execution reverted')), address)).toEqual({
      kind: 'other-contract',
    })
    expect(await checkSafeAccount(client('0x6080', 'v2'), address)).toEqual({ kind: 'other-contract' })
  })
})

describe('isSafeWalletPeer', () => {
  it('knows Safe{Wallet} by its name or its site', () => {
    expect(isSafeWalletPeer({ name: 'Safe{Wallet}', url: 'https://app.safe.global' })).toBe(true)
    expect(isSafeWalletPeer({ name: 'Safe{Wallet} sandbox', url: 'http://127.0.0.1:4000' })).toBe(true)
    expect(isSafeWalletPeer({ name: 'Safe', url: 'https://staging.safe.global' })).toBe(true)
    expect(isSafeWalletPeer({ name: 'Rainbow', url: 'https://rainbow.me' })).toBe(false)
    expect(isSafeWalletPeer({ name: 'Safely', url: 'not a url' })).toBe(false)
  })
})
