import type { Executor } from '../../db/schema.js';

/** How many members one statement records at most, well under either database's limit on bound values. */
const CHUNK = 500;

/**
 * Records the members as seen connected at `now`. Members that no longer exist (an account
 * deleted meanwhile) are skipped rather than failing the others.
 */
export async function markSeen(db: Executor, userIds: number[], now: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const ids = userIds.slice(i, i + CHUNK);
    await db
      .insertInto('presence')
      .columns(['user_id', 'last_seen_at'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select((s) => ['users.id', s.val(now).as('last_seen_at')])
          // SQLite needs a WHERE in an INSERT … SELECT … ON CONFLICT; this one is the point anyway.
          .where('users.id', 'in', ids),
      )
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ last_seen_at: eb.ref('excluded.last_seen_at') })))
      .execute();
  }
}
