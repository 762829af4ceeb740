import { type Hex, hashMessage } from 'viem'
import { verifyMessage } from 'viem/actions'
import { describe, expect, it } from 'vitest'
import { DEMO_SAFE_VERSIONS, startDemoChain } from './demo.ts'
import { readSafe } from './safe.ts'
import { concatOwnerSignatures, signSafeMessage } from './safe-signatures.ts'
import { devClient } from './send-transactions.ts'

describe('startDemoChain', () => {
  it('starts anvil with three Safe versions, a 2-of-3 and a 1-of-1 Safe, in well under 3 s', async () => {
    const started = performance.now()
    const demo = await startDemoChain()
    const elapsed = performance.now() - started
    try {
      expect(elapsed).toBeLessThan(3_000)
      expect(Object.keys(demo.deployments).sort()).toEqual([...DEMO_SAFE_VERSIONS])
      const [a0, a1, a2] = demo.anvil.accounts
      expect(demo.demoSafe).toMatchObject({
        chainId: 31337,
        owners: [a0?.address, a1?.address, a2?.address],
        threshold: 2,
        version: '1.4.1',
      })
      expect(await readSafe(demo.anvil.rpcUrl, demo.demoSafe.address)).toMatchObject({
        owners: demo.demoSafe.owners,
        threshold: 2,
        version: '1.4.1',
        singleton: demo.deployments['1.4.1'].singleton,
        fallbackHandler: demo.deployments['1.4.1'].fallbackHandler,
      })
      expect(await readSafe(demo.anvil.rpcUrl, demo.singleOwnerSafe.address)).toMatchObject({
        owners: [a0?.address],
        threshold: 1,
        version: '1.4.1',
      })
      // The demo Safe accepts a 2-of-3 message signature through viem (EIP-1271 via the fallback handler).
      const text = 'hello from the demo Safe'
      const ref = {
        safe: demo.demoSafe.address,
        chainId: 31337,
        version: '1.4.1',
        message: hashMessage(text),
      }
      const sigs = await Promise.all(
        demo.demoSafe.ownerKeys.slice(0, 2).map((k: Hex) => signSafeMessage(k, ref)),
      )
      const client = devClient(demo.anvil.rpcUrl)
      expect(
        await verifyMessage(client, {
          address: demo.demoSafe.address,
          message: text,
          signature: concatOwnerSignatures(sigs),
        }),
      ).toBe(true)
    } finally {
      await demo.stop()
    }
  })

  it('gives the same addresses on every start', async () => {
    const [a, b] = await Promise.all([startDemoChain(), startDemoChain()])
    try {
      expect(b.deployments).toEqual(a.deployments)
      expect(b.demoSafe.address).toBe(a.demoSafe.address)
      expect(b.singleOwnerSafe.address).toBe(a.singleOwnerSafe.address)
      expect(b.demoSafe.address).not.toBe(b.singleOwnerSafe.address)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })
})
