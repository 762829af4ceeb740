import type { StoreDatabase } from '../store/database.ts'

export type HandledBlock = { number: number; hash: string }

/** How many handled blocks are kept per chain: how deep a reorg can be followed back exactly. */
export const keptHandledBlocks = 64

/** The handled blocks of the chain, newest first (the first is the cursor). */
export async function handledBlocks(db: StoreDatabase, chainId: number): Promise<HandledBlock[]> {
  const rows = await db
    .selectFrom('safe_watch_blocks')
    .select(['block_number', 'block_hash'])
    .where('chain_id', '=', chainId)
    .orderBy('block_number', 'desc')
    .execute()
  return rows.map((row) => ({ number: Number(row.block_number), hash: row.block_hash }))
}

/**
 * Records that every block up to `block` was handled, and forgets the oldest beyond
 * {@link keptHandledBlocks}. The watcher calls it only after checking it still holds the chain's lease.
 */
export async function saveHandledBlock(
  db: StoreDatabase,
  chainId: number,
  block: HandledBlock,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('safe_watch_blocks')
      .values({ chain_id: chainId, block_number: block.number, block_hash: block.hash })
      .onConflict((conflict) =>
        conflict.columns(['chain_id', 'block_number']).doUpdateSet({ block_hash: block.hash }),
      )
      .execute()
    await trx
      .deleteFrom('safe_watch_blocks')
      .where('chain_id', '=', chainId)
      .where('block_number', '<=', block.number - keptHandledBlocks)
      .execute()
  })
}

/** Forgets the handled blocks above `number` (a reorg replaced them). */
export async function forgetBlocksAbove(db: StoreDatabase, chainId: number, number: number): Promise<void> {
  await db
    .deleteFrom('safe_watch_blocks')
    .where('chain_id', '=', chainId)
    .where('block_number', '>', number)
    .execute()
}

/** Forgets the chain's cursor: nothing is watched there, so the next watch starts near the head. */
export async function forgetCursor(db: StoreDatabase, chainId: number): Promise<void> {
  await db.deleteFrom('safe_watch_blocks').where('chain_id', '=', chainId).execute()
}
