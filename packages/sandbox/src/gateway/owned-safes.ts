import { safeReadAbi } from '@signet/devchain/safe-abi'
import { type Address, getAddress, type Log, type PublicClient, sliceHex, toEventSelector } from 'viem'

// ProxyCreation as emitted by the proxy factories: `(address proxy, address singleton)` in 1.3.0
// (not indexed) and `(address indexed proxy, address singleton)` from 1.4.1; `(address proxy)` in 1.1.1.
const PROXY_CREATION = toEventSelector('ProxyCreation(address,address)')
const PROXY_CREATION_111 = toEventSelector('ProxyCreation(address)')

export type ProxyCreation = { proxy: Address; factory: Address; singleton: Address | null; log: Log }

/** Every Safe proxy the given factories created, in creation order. */
export async function readProxyCreations(
  client: PublicClient,
  factories: Address[],
): Promise<ProxyCreation[]> {
  if (factories.length === 0) return []
  const logs = await client.getLogs({ address: factories, fromBlock: 0n, toBlock: 'latest' })
  const creations: ProxyCreation[] = []
  for (const log of logs) {
    const [topic, indexedProxy] = log.topics
    if (topic !== PROXY_CREATION && topic !== PROXY_CREATION_111) continue
    const proxy = indexedProxy ? sliceHex(indexedProxy, 12) : sliceHex(log.data, 12, 32)
    const singletonWord = indexedProxy
      ? sliceHex(log.data, 0, 32)
      : topic === PROXY_CREATION
        ? sliceHex(log.data, 32, 64)
        : null
    creations.push({
      proxy: getAddress(proxy),
      factory: getAddress(log.address),
      singleton: singletonWord ? getAddress(sliceHex(singletonWord, 12)) : null,
      log,
    })
  }
  return creations
}

/** The Safes (created by the given factories) that `owner` is currently an owner of. */
export async function findSafesOfOwner(
  client: PublicClient,
  factories: Address[],
  owner: Address,
): Promise<Address[]> {
  const creations = await readProxyCreations(client, factories)
  const proxies = [...new Set(creations.map((creation) => creation.proxy))]
  const owned = await Promise.all(
    proxies.map(async (proxy) => {
      const owners = await client
        .readContract({ address: proxy, abi: safeReadAbi, functionName: 'getOwners' })
        // A proxy whose setup failed or whose singleton is not a Safe has no owners to report.
        .catch(() => [] as readonly Address[])
      return owners.some((o) => o.toLowerCase() === owner.toLowerCase()) ? proxy : undefined
    }),
  )
  return owned.filter((proxy): proxy is Address => proxy !== undefined)
}
