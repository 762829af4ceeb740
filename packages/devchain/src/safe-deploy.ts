import { type Address, getAddress, type Hex } from 'viem'
import { ANVIL_ACCOUNTS } from './anvil-accounts.ts'
import { loadSafeArtifacts, type SafeContractRole } from './safe-artifacts.ts'
import { sendTransactions } from './send-transactions.ts'

export type SafeVersion = '1.1.1' | '1.3.0' | '1.4.1' | '1.5.0'

export const SAFE_VERSIONS: readonly SafeVersion[] = ['1.1.1', '1.3.0', '1.4.1', '1.5.0']

export type SafeDeployment = {
  version: SafeVersion
  /** The L1 singleton (`GnosisSafe` up to 1.3.0, `Safe` after). */
  singleton: Address
  proxyFactory: Address
  /** CompatibilityFallbackHandler (≥1.3.0); for 1.1.1 the DefaultCallbackHandler, which does no EIP-1271. */
  fallbackHandler?: Address
  /** Absent for 1.1.1, whose GnosisSafe has `signMessage(bytes)` built in. */
  signMessageLib?: Address
  multiSend?: Address
  multiSendCallOnly?: Address
  simulateTxAccessor?: Address
  createCall?: Address
}

/** Anvil account 9 deploys by default, so accounts 0–2 (the demo owners) keep their nonces at 0. */
export const DEFAULT_DEPLOYER_KEY: Hex = (ANVIL_ACCOUNTS[9] as { privateKey: Hex }).privateKey

const ROLES: readonly SafeContractRole[] = [
  'singleton',
  'proxyFactory',
  'fallbackHandler',
  'signMessageLib',
  'multiSend',
  'multiSendCallOnly',
  'simulateTxAccessor',
  'createCall',
]

/**
 * Deploys the contracts of one Safe version from its npm bytecode. All creations are submitted at once
 * with consecutive nonces (anvil mines each on arrival) and awaited together. On a fresh chain the
 * addresses are the same every time (same deployer, same nonces).
 */
export async function deploySafeContracts(
  rpcUrl: string,
  version: SafeVersion,
  deployerKey: Hex = DEFAULT_DEPLOYER_KEY,
): Promise<SafeDeployment> {
  const artifacts = await loadSafeArtifacts(version)
  const roles = ROLES.filter((role) => artifacts[role])
  const receipts = await sendTransactions(
    rpcUrl,
    deployerKey,
    roles.map((role) => ({ data: (artifacts[role] as { bytecode: Hex }).bytecode })),
  )
  const addresses = Object.fromEntries(
    roles.map((role, index) => [role, getAddress(receipts[index]?.contractAddress as Address)]),
  )
  return { version, ...addresses } as SafeDeployment
}
