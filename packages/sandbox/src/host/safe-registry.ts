import { readSafe } from '@signet/devchain/safe'
import type { SafeDeployment } from '@signet/devchain/safe-deploy'
import { type Address, getAddress, type Hex, isAddressEqual } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SandboxHostError } from './host-errors.ts'

/** A Safe the host offers, with the keys of (some of) its owners so the page can confirm as them. */
export type SandboxSafe = { address: Address; ownerKeys: Hex[] }

/** `getSafeInfo` as Safe{Wallet} answers it (the SDK's `SafeInfoExtended`). */
export type HostSafeInfo = {
  safeAddress: Address
  chainId: number
  threshold: number
  owners: Address[]
  isReadOnly: false
  nonce: number
  implementation: Address
  modules: Address[]
  fallbackHandler: Address
  guard: null
  version: string
}

/**
 * The Safes the host offers and the owner keys it holds. Owners, threshold, nonce and version are read
 * from the chain every time, so changes made elsewhere (another owner, an executed transaction) show.
 */
export class SafeRegistry {
  readonly #keys = new Map<string, Hex>()
  readonly addresses: Address[]

  constructor(
    readonly rpcUrl: string,
    readonly chainId: number,
    safes: SandboxSafe[],
    readonly deployments: SafeDeployment[],
  ) {
    this.addresses = safes.map((safe) => getAddress(safe.address))
    for (const key of safes.flatMap((safe) => safe.ownerKeys)) {
      this.#keys.set(privateKeyToAccount(key).address.toLowerCase(), key)
    }
  }

  /** The listed Safe with this address (any case). */
  find(address: string): Address {
    const found = this.addresses.find((candidate) => candidate.toLowerCase() === address.toLowerCase())
    if (!found) throw new SandboxHostError('UNKNOWN_SAFE', `Safe ${address} is not offered by this host`)
    return found
  }

  async info(address: string): Promise<HostSafeInfo> {
    const safeAddress = this.find(address)
    const safe = await readSafe(this.rpcUrl, safeAddress)
    return {
      safeAddress,
      chainId: this.chainId,
      threshold: safe.threshold,
      owners: safe.owners.map((owner) => getAddress(owner)),
      isReadOnly: false,
      nonce: Number(safe.nonce),
      implementation: safe.singleton,
      modules: [],
      fallbackHandler: safe.fallbackHandler,
      guard: null,
      version: safe.version,
    }
  }

  /** The key of an owner of `info`'s Safe, or a clear error when it is not an owner or unknown. */
  ownerKey(info: HostSafeInfo, owner: string): { owner: Address; key: Hex } {
    const match = info.owners.find((candidate) => isAddressEqual(candidate, owner as Address))
    if (!match)
      throw new SandboxHostError('NOT_AN_OWNER', `${owner} is not an owner of Safe ${info.safeAddress}`)
    const key = this.#keys.get(match.toLowerCase())
    if (!key) throw new SandboxHostError('NO_OWNER_KEY', `The host holds no key of owner ${match}`)
    return { owner: match, key }
  }

  /** Owners whose keys the host holds: the buttons a person can press. */
  signers(info: HostSafeInfo): Address[] {
    return info.owners.filter((owner) => this.#keys.has(owner.toLowerCase()))
  }

  /** The deployment whose singleton this Safe runs (for SignMessageLib and MultiSend). */
  deploymentOf(info: HostSafeInfo): SafeDeployment | undefined {
    return this.deployments.find((deployment) => isAddressEqual(deployment.singleton, info.implementation))
  }
}
