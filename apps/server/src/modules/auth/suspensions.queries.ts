import type { Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { revokeAllSessions } from '../../plugins/sessions/auth.tokens.js';

/** Whether a member's suspension is in force now: set, and for good or not yet over. */
export const isSuspendedNow = (row: { suspended_at: string | Date | null; suspended_until: string | Date | null }) =>
  row.suspended_at !== null && (row.suspended_until === null || new Date(row.suspended_until).getTime() > Date.now());

/**
 * Suspends a member until `until` (null: for good): their sessions end, and their listings and
 * events are hidden from everyone else by the flag the visibility rules read. Pass the transaction of the
 * moderation action; the caller drops their sockets once it is committed.
 */
export async function suspendMember(db: Executor, userId: number, until: Date | null) {
  const now = nowIso();
  await db
    .updateTable('users')
    .set({ suspended_at: now, suspended_until: until ? until.toISOString() : null, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db.updateTable('listings').set({ owner_suspended: 1 }).where('owner_id', '=', userId).execute();
  await db.updateTable('events').set({ owner_suspended: 1 }).where('owner_id', '=', userId).execute();
  await revokeAllSessions(db, userId);
}

/**
 * Ends a member's suspension: their listings and events show again, except those a moderator hid
 * on their own (a separate flag). With `ranOutBy`, only one whose end is at or before it (the sweep, a
 * sign-in); without, any (a moderator lifting it early). Conditional, so a sweep, a sign-in and a
 * moderator racing each other, or a new suspension in between, change nothing twice. Whether it
 * lifted one.
 */
export async function liftSuspension(db: Executor, userId: number, ranOutBy?: string) {
  const now = nowIso();
  const lifted = await db
    .updateTable('users')
    .set({ suspended_at: null, suspended_until: null, updated_at: now })
    .where('id', '=', userId)
    .where('suspended_at', 'is not', null)
    .$if(ranOutBy !== undefined, (q) =>
      q.where('suspended_until', 'is not', null).where('suspended_until', '<=', ranOutBy!),
    )
    .executeTakeFirst();
  if (Number(lifted.numUpdatedRows) === 0) return false;
  await db.updateTable('listings').set({ owner_suspended: 0 }).where('owner_id', '=', userId).execute();
  await db.updateTable('events').set({ owner_suspended: 0 }).where('owner_id', '=', userId).execute();
  return true;
}
