import { type Hex, toEventSelector } from 'viem'

/**
 * The events by which a Safe (1.1.1 to 1.5.0) changes what its owners' proof stood on: who the owners are,
 * how many must sign, which code runs (the singleton: 1.1.1's `changeMasterCopy`, the migration libraries
 * of 1.4.1/1.5.0 delegate-called by the Safe), and what may act or answer for it (fallback handler — it
 * answers `isValidSignature` from 1.3.0 on —, guards, modules).
 *
 * Only topic0 counts: indexing an argument (1.4.1 indexes the address of `AddedOwner`, 1.1.1 and 1.3.0 do
 * not) changes how a log decodes, not its signature, so one hash covers every version. The list is checked
 * against the ABIs of the real contracts in `safe-events.test.ts`.
 */
export const safeChangeEventSignatures = [
  'AddedOwner(address)',
  'RemovedOwner(address)',
  'ChangedThreshold(uint256)',
  'ChangedMasterCopy(address)',
  'ChangedFallbackHandler(address)',
  'ChangedGuard(address)',
  // 1.5.0: the guard of module transactions.
  'ChangedModuleGuard(address)',
  'EnabledModule(address)',
  'DisabledModule(address)',
] as const

export type SafeChangeEventName = (typeof safeChangeEventSignatures)[number] extends `${infer Name}(${string}`
  ? Name
  : never

const byTopic = new Map<string, SafeChangeEventName>(
  safeChangeEventSignatures.map((signature) => [
    toEventSelector(signature),
    signature.slice(0, signature.indexOf('(')) as SafeChangeEventName,
  ]),
)

/** topic0 of every Safe change event, for one `eth_getLogs` filter (`topics: [these]`: any of them). */
export const safeChangeTopics: Hex[] = [...byTopic.keys()] as Hex[]

/** The event name of a Safe change log's topic0, or undefined when it is not one. */
export function safeChangeEventName(topic0: string | undefined): SafeChangeEventName | undefined {
  return topic0 === undefined ? undefined : byTopic.get(topic0.toLowerCase())
}
