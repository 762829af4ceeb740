import { type Address, encodeFunctionData, type Hex, isAddressEqual, parseAbi } from 'viem'
import { safeReadAbi } from './safe-abi.ts'
import { execSafeTransaction } from './safe-signatures.ts'
import { devClient } from './send-transactions.ts'

// Owner management of a Safe (every version 1.1.1–1.5.0 has the same functions): each is a Safe
// transaction to the Safe itself, signed by enough owners and executed by the first of them.

export const ownerManagerAbi = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function changeThreshold(uint256 _threshold)',
])

/** The head of a Safe's owner list: `prevOwner` of its first owner. */
const SENTINEL_OWNERS: Address = '0x0000000000000000000000000000000000000001'

type OwnerChange = { rpcUrl: string; safe: Address; ownerKeys: Hex[]; executorKey?: Hex }

/**
 * Removes `owner` and sets the threshold (`removeOwner(prevOwner, owner, threshold)`; emits `RemovedOwner`
 * and, when the threshold changes, `ChangedThreshold`). `prevOwner` is read from the Safe's owner list.
 *
 * @example await removeSafeOwner({ rpcUrl, safe, ownerKeys: [k0, k1], owner: owners[2], threshold: 2 })
 */
export async function removeSafeOwner(
  params: OwnerChange & { owner: Address; threshold: number },
): Promise<{ transactionHash: Hex; safeTxHash: Hex }> {
  const owners = await devClient(params.rpcUrl).readContract({
    address: params.safe,
    abi: safeReadAbi,
    functionName: 'getOwners',
  })
  const index = owners.findIndex((owner) => isAddressEqual(owner, params.owner))
  if (index < 0) throw new Error(`${params.owner} is not an owner of Safe ${params.safe}`)
  const prevOwner = index === 0 ? SENTINEL_OWNERS : (owners[index - 1] as Address)
  return execSafeTransaction({
    ...params,
    to: params.safe,
    data: encodeFunctionData({
      abi: ownerManagerAbi,
      functionName: 'removeOwner',
      args: [prevOwner, params.owner, BigInt(params.threshold)],
    }),
  })
}

/** Sets the number of owners that must sign (`changeThreshold`; emits `ChangedThreshold`). */
export async function changeSafeThreshold(
  params: OwnerChange & { threshold: number },
): Promise<{ transactionHash: Hex; safeTxHash: Hex }> {
  return execSafeTransaction({
    ...params,
    to: params.safe,
    data: encodeFunctionData({
      abi: ownerManagerAbi,
      functionName: 'changeThreshold',
      args: [BigInt(params.threshold)],
    }),
  })
}

/** Adds an owner and sets the threshold (`addOwnerWithThreshold`; emits `AddedOwner`). */
export async function addSafeOwner(
  params: OwnerChange & { owner: Address; threshold: number },
): Promise<{ transactionHash: Hex; safeTxHash: Hex }> {
  return execSafeTransaction({
    ...params,
    to: params.safe,
    data: encodeFunctionData({
      abi: ownerManagerAbi,
      functionName: 'addOwnerWithThreshold',
      args: [params.owner, BigInt(params.threshold)],
    }),
  })
}
