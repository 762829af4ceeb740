import type { Address, Hex } from 'viem'
import { ANVIL_ACCOUNTS } from './anvil-accounts.ts'
import { createSafe } from './safe.ts'
import { deploySafeContracts, SAFE_VERSIONS, type SafeDeployment, type SafeVersion } from './safe-deploy.ts'

// The chain state that the Safe signature tests of devchain and of the server sign against, deployed in
// one place so that they agree on which Safes exist and who owns them.

const [first, second, third] = ANVIL_ACCOUNTS as [
  (typeof ANVIL_ACCOUNTS)[number],
  (typeof ANVIL_ACCOUNTS)[number],
  (typeof ANVIL_ACCOUNTS)[number],
]

/** Private keys of the owners of every fixture Safe: anvil's first three funded accounts. */
export const SAFE_FIXTURE_OWNER_KEYS: readonly [Hex, Hex, Hex] = [
  first.privateKey,
  second.privateKey,
  third.privateKey,
]

/** Addresses of the owners of every fixture Safe, in the order of {@link SAFE_FIXTURE_OWNER_KEYS}. */
export const SAFE_FIXTURE_OWNERS: readonly [Address, Address, Address] = [
  first.address,
  second.address,
  third.address,
]

export type SafeFixture = {
  deployments: Record<SafeVersion, SafeDeployment>
  /** A 2-of-3 Safe of {@link SAFE_FIXTURE_OWNERS} per version. */
  safes: Record<SafeVersion, Address>
}

/**
 * Deploys the Safe contracts of every supported version on `rpcUrl`, and with each a Safe owned by
 * {@link SAFE_FIXTURE_OWNERS} with threshold 2.
 *
 * @example const { deployments, safes } = await deploySafeFixture(anvil.rpcUrl)
 */
export async function deploySafeFixture(rpcUrl: string): Promise<SafeFixture> {
  const deployments = {} as Record<SafeVersion, SafeDeployment>
  const safes = {} as Record<SafeVersion, Address>
  // One version after the other: every deployment is sent from the same deployer account.
  for (const version of SAFE_VERSIONS) {
    deployments[version] = await deploySafeContracts(rpcUrl, version)
    safes[version] = await createSafe({
      rpcUrl,
      deployment: deployments[version],
      owners: [...SAFE_FIXTURE_OWNERS],
      threshold: 2,
    })
  }
  return { deployments, safes }
}
