import { type Address, type Hex, toEventSelector } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { createSafe, readSafe } from './safe.ts'
import { deploySafeContracts, SAFE_VERSIONS, type SafeDeployment, type SafeVersion } from './safe-deploy.ts'
import { addSafeOwner, changeSafeThreshold, removeSafeOwner } from './safe-owner-changes.ts'
import { devClient } from './send-transactions.ts'

let anvil: Anvil
let owners: Address[]
let keys: Hex[]
const deployments = {} as Record<SafeVersion, SafeDeployment>

beforeAll(async () => {
  anvil = await startAnvil()
  owners = anvil.accounts.slice(0, 4).map((a) => a.address)
  keys = anvil.accounts.slice(0, 3).map((a) => a.privateKey)
  for (const version of SAFE_VERSIONS) deployments[version] = await deploySafeContracts(anvil.rpcUrl, version)
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

const topic = (signature: string) => toEventSelector(signature)

async function eventsOf(transactionHash: Hex, safe: Address): Promise<string[]> {
  const receipt = await devClient(anvil.rpcUrl).getTransactionReceipt({ hash: transactionHash })
  const names = new Map([
    [topic('RemovedOwner(address)'), 'RemovedOwner'],
    [topic('AddedOwner(address)'), 'AddedOwner'],
    [topic('ChangedThreshold(uint256)'), 'ChangedThreshold'],
  ])
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === safe.toLowerCase())
    .flatMap((log) => names.get(log.topics[0] as Hex) ?? [])
}

describe.each(SAFE_VERSIONS)('owner changes of a 2-of-3 Safe %s', (version) => {
  it('removes an owner, changes the threshold and adds an owner, with their events', async () => {
    const safe = await createSafe({
      rpcUrl: anvil.rpcUrl,
      deployment: deployments[version],
      owners: owners.slice(0, 3),
      threshold: 2,
    })
    const removed = await removeSafeOwner({
      rpcUrl: anvil.rpcUrl,
      safe,
      ownerKeys: keys.slice(0, 2),
      owner: owners[1] as Address,
      threshold: 1,
    })
    expect(await eventsOf(removed.transactionHash, safe)).toEqual(['RemovedOwner', 'ChangedThreshold'])
    expect(await readSafe(anvil.rpcUrl, safe)).toMatchObject({ owners: [owners[0], owners[2]], threshold: 1 })

    const added = await addSafeOwner({
      rpcUrl: anvil.rpcUrl,
      safe,
      ownerKeys: [keys[2] as Hex],
      owner: owners[3] as Address,
      threshold: 1,
    })
    expect(await eventsOf(added.transactionHash, safe)).toEqual(['AddedOwner'])

    const changed = await changeSafeThreshold({
      rpcUrl: anvil.rpcUrl,
      safe,
      ownerKeys: [keys[0] as Hex],
      threshold: 2,
    })
    expect(await eventsOf(changed.transactionHash, safe)).toEqual(['ChangedThreshold'])
    expect((await readSafe(anvil.rpcUrl, safe)).threshold).toBe(2)
  })

  it('refuses to remove an address that is not an owner', async () => {
    const safe = await createSafe({
      rpcUrl: anvil.rpcUrl,
      deployment: deployments[version],
      owners: owners.slice(0, 3),
      threshold: 2,
      saltNonce: 7n,
    })
    await expect(
      removeSafeOwner({
        rpcUrl: anvil.rpcUrl,
        safe,
        ownerKeys: keys.slice(0, 2),
        owner: owners[3] as Address,
        threshold: 2,
      }),
    ).rejects.toThrow(`${owners[3]} is not an owner of Safe ${safe}`)
  })
})
