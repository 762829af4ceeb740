import { type Address, type PublicClient, parseAbi } from 'viem'

const versionAbi = parseAbi(['function VERSION() view returns (string)'])

/** What the chain says about an account that may be a Safe. */
export type SafeAccountCheck =
  | { kind: 'safe'; version: string }
  /** No code: a key-held account, or a Safe not deployed yet. */
  | { kind: 'no-code' }
  /** A contract, but not one that answers Safe's `VERSION()`. */
  | { kind: 'other-contract' }

/**
 * Whether `address` is a Safe on the client's chain: it has code and answers `VERSION()` (every Safe
 * from 1.0.0 does; the version picks the EIP-712 domain of its messages).
 *
 * @example const check = await checkSafeAccount(publicClient, address) // { kind: 'safe', version: '1.4.1' }
 */
export async function checkSafeAccount(
  client: Pick<PublicClient, 'getCode' | 'readContract'>,
  address: Address,
): Promise<SafeAccountCheck> {
  const code = await client.getCode({ address })
  if (!code || code === '0x') return { kind: 'no-code' }
  try {
    const version = await client.readContract({ address, abi: versionAbi, functionName: 'VERSION' })
    return /^\d+\.\d+\.\d+/.test(version) ? { kind: 'safe', version } : { kind: 'other-contract' }
  } catch {
    return { kind: 'other-contract' }
  }
}

/**
 * Whether a WalletConnect peer is Safe{Wallet} (or one of its builds), by the metadata it announces.
 *
 * @example isSafeWalletPeer({ name: 'Safe{Wallet}', url: 'https://app.safe.global' }) // true
 */
export function isSafeWalletPeer(peer: { name: string; url: string }): boolean {
  let host = ''
  try {
    host = new URL(peer.url).hostname
  } catch {
    host = ''
  }
  return (
    /^safe\{?wallet\}?/i.test(peer.name.trim()) || host === 'app.safe.global' || host.endsWith('.safe.global')
  )
}
