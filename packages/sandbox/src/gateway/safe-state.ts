import { FALLBACK_HANDLER_STORAGE_SLOT, safeReadAbi } from '@signet/devchain/safe-abi'
import {
  type Address,
  getAddress,
  type Hex,
  type PublicClient,
  pad,
  parseAbi,
  sliceHex,
  zeroAddress,
} from 'viem'
import { notFound } from './local-gateway-error.ts'

/** keccak256("guard_manager.guard.address"): where Safes ≥1.3.0 keep their transaction guard. */
const GUARD_STORAGE_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8'
const SENTINEL = '0x0000000000000000000000000000000000000001'
const modulesAbi = parseAbi([
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
])

export type SafeState = {
  address: Address
  owners: Address[]
  threshold: number
  nonce: number
  version: string
  singleton: Address
  fallbackHandler: Address | null
  guard: Address | null
  modules: Address[]
}

const slotAddress = (word: Hex | undefined): Address =>
  getAddress(sliceHex(pad(word ?? '0x0', { size: 32 }), 12))
const orNull = (address: Address) => (address === zeroAddress ? null : address)

/** Reads a Safe from the chain at request time; 404 when there is no contract at the address. */
export async function readSafeState(client: PublicClient, address: Address): Promise<SafeState> {
  const code = await client.getCode({ address })
  if (!code || code === '0x') throw notFound(`No Safe deployed at ${address}`)
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: F) =>
    client.readContract({ address, abi: safeReadAbi, functionName })
  const [owners, threshold, nonce, version, singletonSlot, handlerSlot, guardSlot, modules] =
    await Promise.all([
      read('getOwners'),
      read('getThreshold'),
      read('nonce'),
      read('VERSION'),
      // The proxy keeps its singleton (masterCopy) in slot 0.
      client.getStorageAt({ address, slot: '0x0' }),
      client.getStorageAt({ address, slot: FALLBACK_HANDLER_STORAGE_SLOT }),
      client.getStorageAt({ address, slot: GUARD_STORAGE_SLOT }),
      client
        .readContract({
          address,
          abi: modulesAbi,
          functionName: 'getModulesPaginated',
          args: [SENTINEL, 50n],
        })
        .then(([list]) => [...list])
        .catch(() => [] as Address[]),
    ])
  return {
    address: getAddress(address),
    owners: owners.map((owner) => getAddress(owner)),
    threshold: Number(threshold),
    nonce: Number(nonce),
    version,
    singleton: slotAddress(singletonSlot),
    fallbackHandler: orNull(slotAddress(handlerSlot)),
    guard: orNull(slotAddress(guardSlot)),
    modules,
  }
}

/** Whether `candidate` is among the Safe's current owners (case-insensitive). */
export function isOwner(state: Pick<SafeState, 'owners'>, candidate: Address): boolean {
  return state.owners.some((owner) => owner.toLowerCase() === candidate.toLowerCase())
}
