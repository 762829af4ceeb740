import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { loadSafeArtifacts } from '@signet/devchain/safe-artifacts'
import { SAFE_VERSIONS } from '@signet/devchain/safe-deploy'
import { type Abi, type AbiEvent, toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { safeChangeEventName, safeChangeEventSignatures, safeChangeTopics } from './safe-events.ts'

// The watched events against the ABIs of the real contracts from npm (1.1.1 from its npm pack).

/** Events of a Safe that do not change what a proof stood on: executions, approvals, receipts, setup. */
const unchangingEvents = new Set([
  'ApproveHash',
  'ExecutionFailure',
  'ExecutionSuccess',
  'ExecutionFromModuleFailure',
  'ExecutionFromModuleSuccess',
  'SafeReceived',
  'SafeSetup',
  'SignMsg',
])

const require = createRequire(import.meta.url)
const migrationLibraryAbi = (version: string, path: string): Abi =>
  JSON.parse(
    readFileSync(
      join(
        dirname(require.resolve(`safe-contracts-${version}/package.json`)),
        'build/artifacts/contracts',
        path,
      ),
      'utf8',
    ),
  ).abi

const signatureOf = (event: AbiEvent) => `${event.name}(${event.inputs.map((input) => input.type).join(',')})`
const eventsOf = (abi: Abi) => abi.filter((item): item is AbiEvent => item.type === 'event')

describe.each(SAFE_VERSIONS)('Safe %s', (version) => {
  it('every event of the singleton that changes the Safe is watched, by its signature’s topic0', async () => {
    const { singleton } = await loadSafeArtifacts(version)
    const events = eventsOf(singleton?.abi ?? [])
    expect(events.length).toBeGreaterThan(8)
    const changes = events.filter((event) => !unchangingEvents.has(event.name))
    for (const event of changes) {
      expect(safeChangeEventSignatures).toContain(signatureOf(event))
      expect(safeChangeTopics).toContain(toEventSelector(event))
      expect(safeChangeEventName(toEventSelector(event))).toBe(event.name)
    }
    expect(changes.map((event) => event.name)).toEqual(
      expect.arrayContaining(['AddedOwner', 'RemovedOwner', 'ChangedThreshold', 'EnabledModule']),
    )
  })
})

describe('events that differ between versions', () => {
  it('AddedOwner is indexed from 1.4.1 on and has one topic0 in all', async () => {
    const addedOwner = async (version: (typeof SAFE_VERSIONS)[number]) =>
      eventsOf((await loadSafeArtifacts(version)).singleton?.abi ?? []).find(
        (event) => event.name === 'AddedOwner',
      ) as AbiEvent
    const events = await Promise.all(SAFE_VERSIONS.map(addedOwner))
    expect(SAFE_VERSIONS).toEqual(['1.1.1', '1.3.0', '1.4.1', '1.5.0'])
    expect(events.map((event) => event.inputs[0]?.indexed ?? false)).toEqual([false, false, true, true])
    expect(new Set(events.map((event) => toEventSelector(event))).size).toBe(1)
  })

  it('1.1.1 changes its master copy itself; 1.5.0 through SafeMigration, with the same event', async () => {
    const v111 = eventsOf((await loadSafeArtifacts('1.1.1')).singleton?.abi ?? [])
    expect(v111.map((event) => event.name)).toContain('ChangedMasterCopy')
    const migration = eventsOf(
      migrationLibraryAbi('1.5.0', 'libraries/SafeMigration.sol/SafeMigration.json'),
    ).find((event) => event.name === 'ChangedMasterCopy') as AbiEvent
    expect(safeChangeEventName(toEventSelector(migration))).toBe('ChangedMasterCopy')
  })

  it('1.5.0 adds ChangedModuleGuard; 1.1.1 has no guard and no fallback handler event', async () => {
    const names = async (version: (typeof SAFE_VERSIONS)[number]) =>
      eventsOf((await loadSafeArtifacts(version)).singleton?.abi ?? []).map((event) => event.name)
    expect(await names('1.5.0')).toContain('ChangedModuleGuard')
    expect(await names('1.4.1')).not.toContain('ChangedModuleGuard')
    expect(await names('1.1.1')).not.toContain('ChangedGuard')
    expect(safeChangeEventName('0x00')).toBeUndefined()
  })
})
