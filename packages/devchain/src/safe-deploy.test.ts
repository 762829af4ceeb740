import { parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { deploySafeContracts, SAFE_VERSIONS, type SafeDeployment } from './safe-deploy.ts'
import { devClient } from './send-transactions.ts'

const versionAbi = parseAbi(['function VERSION() view returns (string)'])

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

const ALL_ROLES = [
  'singleton',
  'proxyFactory',
  'fallbackHandler',
  'signMessageLib',
  'multiSend',
  'multiSendCallOnly',
  'simulateTxAccessor',
  'createCall',
]

describe('deploySafeContracts', () => {
  it.each(SAFE_VERSIONS)('deploys Safe %s from its npm bytecode', async (version) => {
    const deployment = await deploySafeContracts(anvil.rpcUrl, version)
    const roles = Object.keys(deployment).filter((key) => key !== 'version')
    expect(roles).toEqual(
      version === '1.1.1'
        ? ['singleton', 'proxyFactory', 'fallbackHandler', 'multiSend', 'createCall']
        : ALL_ROLES,
    )
    const client = devClient(anvil.rpcUrl)
    for (const role of roles) {
      const address = deployment[role as keyof Omit<SafeDeployment, 'version'>]
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const code = await client.getCode({ address: address as `0x${string}` })
      expect(code?.length ?? 0).toBeGreaterThan(2)
    }
    expect(
      await client.readContract({ address: deployment.singleton, abi: versionAbi, functionName: 'VERSION' }),
    ).toBe(version)
  })

  it('gives the same addresses on a fresh chain (same deployer, same nonces)', async () => {
    const [a, b] = await Promise.all([startAnvil(), startAnvil()])
    try {
      const [first, second] = await Promise.all([
        deploySafeContracts(a.rpcUrl, '1.4.1'),
        deploySafeContracts(b.rpcUrl, '1.4.1'),
      ])
      expect(second).toEqual(first)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })
})
