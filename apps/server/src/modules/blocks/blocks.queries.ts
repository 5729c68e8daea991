import type { BlockedUser } from '@gardenswap/shared';
import { type Executor, toIso } from '../../db/schema.js';
import { pairOf } from '../relations/index.js';

/**
 * Blocks `blockedId` for `blockerId` and, in the same transaction, ends any friendship or
 * pending request between them, so friend counts (counted when read) follow at once.
 * Blocking twice changes nothing.
 */
export async function blockMember(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    const pair = pairOf(blockerId, blockedId);
    await trx
      .deleteFrom('friendships')
      .where('user_low', '=', pair.user_low)
      .where('user_high', '=', pair.user_high)
      .execute();
  });
}

/** Lifts my block; the other member's block of me, if any, stays. */
export async function unblockMember(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** The members I blocked, most recent first. */
export async function listBlocked(db: Executor, blockerId: number): Promise<BlockedUser[]> {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id', 'users.username', 'users.profile_picture', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
}
