import { MODERATION_REPORTS_LIMIT, type SuspendedMember } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';
import { membersById } from './moderation.queries.js';

/**
 * The members whose suspension is in force now, the newest suspension first, each with the reason
 * of the moderator who suspended them (the latest suspension in the audit log).
 */
export async function listSuspendedMembers(db: Executor): Promise<SuspendedMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['users.id', 'users.suspended_at'])
    .select((eb) =>
      eb
        .selectFrom('moderation_actions as a')
        .select('a.note')
        .whereRef('a.member_id', '=', 'users.id')
        .where('a.action', '=', 'suspend')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('reason'),
    )
    .where('users.suspended_at', 'is not', null)
    .where((eb) => eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '>', nowIso())]))
    .orderBy('users.suspended_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(MODERATION_REPORTS_LIMIT)
    .execute();
  const members = await membersById(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => {
    const member = members.get(r.id);
    return member && r.suspended_at !== null ? [{ member, suspended_at: toIso(r.suspended_at), reason: r.reason }] : [];
  });
}

/** A member (not a deleted member's stand-in) with their suspension and what telling them needs. */
export function findMemberStanding(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'first_name', 'suspended_at', 'suspended_until'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
