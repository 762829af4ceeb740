import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type LocalWalletConnectRelay, startLocalWalletConnectRelay } from './local-relay.ts'

type Frame = { id: number; method?: string; result?: unknown; params?: Record<string, unknown> }

/** A raw relay client: the URL's `auth` JWT names its identity as the real clients do. */
async function connect(relay: LocalWalletConnectRelay, issuer: string) {
  const payload = Buffer.from(JSON.stringify({ iss: issuer })).toString('base64url')
  const socket = new WebSocket(`${relay.url}/?auth=e30.${payload}.sig`)
  const frames: Frame[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()))
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise((resolve) => socket.once('open', resolve))
  let nextId = 1
  return {
    frames,
    call(method: string, params: Record<string, unknown>) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return until(() => frames.find((frame) => frame.id === id && frame.method === undefined))
    },
    pushes: () => frames.filter((frame) => frame.method === 'irn_subscription'),
    until,
    close: () => socket.close(),
  }
  async function until<T>(find: () => T | undefined): Promise<T> {
    for (;;) {
      const found = find()
      if (found) return found
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such frame in 2 s')), 2_000)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
}

describe('local WalletConnect relay', () => {
  let relay: LocalWalletConnectRelay
  afterEach(() => relay?.stop())

  it('forwards a publication to the topic’s other subscribers, not back to its sender', async () => {
    relay = await startLocalWalletConnectRelay()
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const dapp = await connect(relay, 'did:key:dapp')
    const wallet = await connect(relay, 'did:key:wallet')
    const subscription = await wallet.call('irn_subscribe', { topic: 'a1' })
    await dapp.call('irn_subscribe', { topic: 'a1' })
    expect(await dapp.call('irn_publish', { topic: 'a1', message: 'sealed', tag: 1108 })).toMatchObject({
      result: true,
    })
    const push = await wallet.until(() => wallet.pushes()[0])
    expect(push.params).toMatchObject({
      id: subscription.result,
      data: { topic: 'a1', message: 'sealed', tag: 1108 },
    })
    expect(dapp.pushes()).toEqual([])
    expect(relay.methods).toEqual(['irn_subscribe', 'irn_subscribe', 'irn_publish'])
    dapp.close()
    wallet.close()
  })

  it('keeps a message for a client that subscribes later, and gives it once even after a reconnect', async () => {
    relay = await startLocalWalletConnectRelay()
    const dapp = await connect(relay, 'did:key:dapp')
    await dapp.call('irn_publish', { topic: 'b2', message: 'waiting', tag: 1 })
    const wallet = await connect(relay, 'did:key:wallet')
    await wallet.call('irn_batchSubscribe', { topics: ['b2'] })
    expect((await wallet.until(() => wallet.pushes()[0])).params).toMatchObject({
      data: { message: 'waiting' },
    })
    wallet.close()
    // The same client again (a reload): nothing new to fetch.
    const again = await connect(relay, 'did:key:wallet')
    expect(await again.call('irn_batchFetchMessages', { topics: ['b2'] })).toMatchObject({
      result: { messages: [], hasMore: false },
    })
    dapp.close()
    again.close()
  })
})
