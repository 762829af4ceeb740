import type { Address, Hex } from 'viem'
import { type Anvil, type StartAnvilOptions, startAnvil } from './anvil.ts'
import { createSafe } from './safe.ts'
import { deploySafeContracts, type SafeDeployment, type SafeVersion } from './safe-deploy.ts'

/** Versions deployed on the demo chain. 1.1.1 is left out: its artifacts need `npm pack` (network). */
export type DemoSafeVersion = Exclude<SafeVersion, '1.1.1'>

export const DEMO_SAFE_VERSIONS: readonly DemoSafeVersion[] = ['1.3.0', '1.4.1', '1.5.0']

export type DemoSafe = {
  address: Address
  chainId: number
  owners: Address[]
  threshold: number
  version: SafeVersion
  /** Private keys of `owners`, same order (anvil's public test keys). */
  ownerKeys: Hex[]
}

export type DemoChain = {
  anvil: Anvil
  deployments: Record<DemoSafeVersion, SafeDeployment>
  /** 2-of-3 Safe 1.4.1 owned by anvil accounts 0, 1 and 2. */
  demoSafe: DemoSafe
  /** 1-of-1 Safe 1.4.1 owned by anvil account 0. */
  singleOwnerSafe: DemoSafe
  stop(): Promise<void>
}

/**
 * A fresh anvil with Safe 1.3.0, 1.4.1 and 1.5.0 deployed and two Safes ready. Addresses are the same
 * on every start (fixed deployer, fresh chain).
 */
export async function startDemoChain(opts: StartAnvilOptions = {}): Promise<DemoChain> {
  const anvil = await startAnvil(opts)
  try {
    const list = await Promise.all(
      DEMO_SAFE_VERSIONS.map((version) => deploySafeContracts(anvil.rpcUrl, version)),
    )
    const deployments = Object.fromEntries(list.map((d) => [d.version, d])) as Record<
      DemoSafeVersion,
      SafeDeployment
    >
    const ownersOf = (indexes: number[]) =>
      indexes.map((i) => anvil.accounts[i] as { address: Address; privateKey: Hex })
    const makeSafe = async (indexes: number[], threshold: number): Promise<DemoSafe> => {
      const accounts = ownersOf(indexes)
      const owners = accounts.map((a) => a.address)
      const address = await createSafe({
        rpcUrl: anvil.rpcUrl,
        deployment: deployments['1.4.1'],
        owners,
        threshold,
      })
      return {
        address,
        chainId: anvil.chainId,
        owners,
        threshold,
        version: '1.4.1',
        ownerKeys: accounts.map((a) => a.privateKey),
      }
    }
    const [demoSafe, singleOwnerSafe] = await Promise.all([makeSafe([0, 1, 2], 2), makeSafe([0], 1)])
    return { anvil, deployments, demoSafe, singleOwnerSafe, stop: () => anvil.stop() }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
