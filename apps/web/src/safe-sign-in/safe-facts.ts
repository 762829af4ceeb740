import type { GatewayClient } from '@signet/gateway/client'
import { type Address, getAddress, isAddressEqual } from 'viem'
import { gatewayFailure, SafeSignInError } from '../safe-message-tracker/safe-sign-in-error.ts'

/** What signing as a Safe depends on: who its owners are, how many must sign, and its EIP-712 domain. */
export type SafeFacts = { owners: Address[]; threshold: number; version: string }

/** The Safe's owners, threshold and version, as the gateway reads them from the chain now. */
export async function readSafeFacts(
  gateway: GatewayClient,
  chainId: number,
  safe: Address,
): Promise<SafeFacts> {
  let info: Awaited<ReturnType<GatewayClient['getSafeInfo']>>
  try {
    info = await gateway.getSafeInfo(chainId, safe)
  } catch (error) {
    throw gatewayFailure(error)
  }
  if (!info.version) {
    throw new SafeSignInError('GATEWAY_ERROR', { key: 'unknownVersion', values: { safe } })
  }
  return {
    owners: info.owners.map((owner) => getAddress(owner.value)),
    threshold: info.threshold,
    version: info.version,
  }
}

export function isOwner(facts: Pick<SafeFacts, 'owners'>, account: Address): boolean {
  return facts.owners.some((owner) => isAddressEqual(owner, account))
}

/** Same owners (in any order) and same threshold. */
export function sameOwnersAndThreshold(
  a: Pick<SafeFacts, 'owners' | 'threshold'>,
  b: Pick<SafeFacts, 'owners' | 'threshold'>,
) {
  return (
    a.threshold === b.threshold &&
    a.owners.length === b.owners.length &&
    a.owners.every((owner) => isOwner(b, owner))
  )
}
