import type { Logger } from 'pino'
import { caip10AccountId } from '../oidc/oidc-account.ts'
import type { StoreDatabase } from '../store/database.ts'
import type { AccountEnded, AccountEndedHooks, SafeChange } from './account-ended-hooks.ts'
import { endSafeAccount } from './end-safe-account.ts'

/**
 * Acts on one Safe change: ends the account's sessions, grants and tokens, records the change in
 * `safe_changes`, and — when this call is the one that recorded it — tells the subscribers.
 *
 * The order makes a crash harmless: a change already recorded is skipped; one not yet recorded is acted
 * on again after a restart or a takeover (ending is idempotent), and announced by whichever process's
 * insert lands, so subscribers hear of each change once across every process.
 *
 * @returns the announcement, or undefined when the change had already been handled.
 */
export async function handleSafeChange(
  db: StoreDatabase,
  change: SafeChange,
  hooks: AccountEndedHooks,
  log: Logger,
  now: () => number = Date.now,
): Promise<AccountEnded | undefined> {
  const handled = await db
    .selectFrom('safe_changes')
    .select('handled_at')
    .where('chain_id', '=', change.chainId)
    .where('address', '=', change.address)
    .where('tx_hash', '=', change.txHash)
    .executeTakeFirst()
  if (handled) return undefined

  const ended = await endSafeAccount(db, change)
  const recorded = await db
    .insertInto('safe_changes')
    .values({
      chain_id: change.chainId,
      address: change.address,
      tx_hash: change.txHash,
      block_number: change.blockNumber,
      block_hash: change.blockHash,
      events: JSON.stringify(change.events),
      handled_at: now(),
    })
    .onConflict((conflict) => conflict.columns(['chain_id', 'address', 'tx_hash']).doNothing())
    .executeTakeFirst()
  if ((recorded.numInsertedOrUpdatedRows ?? 0n) !== 1n) return undefined

  const event: AccountEnded = {
    accountId: caip10AccountId(change.chainId, change.address),
    reason: 'safe_changed',
    change,
    ended,
  }
  log.info(
    {
      accountId: event.accountId,
      events: change.events,
      txHash: change.txHash,
      blockNumber: change.blockNumber,
      ended,
    },
    'Safe changed on chain: its sessions, grants and tokens ended',
  )
  await hooks.emit(event, log)
  return event
}
