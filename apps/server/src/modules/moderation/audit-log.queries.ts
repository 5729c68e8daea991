import {
  ACCOUNT_TEXTS,
  MODERATION_LOG_LIMIT,
  type ModerationLogAction,
  type ModerationLogEntry,
  type ReportTargetType,
} from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';
import { messageLabel } from './moderation.queries.js';

/** Writes one action into the audit log; its id. */
export async function insertAction(
  db: Executor,
  values: {
    moderator_id: number;
    action: ModerationLogAction;
    target_type: ReportTargetType;
    target_id: number;
    target_label: string;
    member_id: number | null;
    note: string | null;
    suspended_until: string | null;
    reports_resolved: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('moderation_actions')
    .values({ ...values, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function logSelect(db: Executor) {
  return db
    .selectFrom('moderation_actions as a')
    .leftJoin('users as moderator', 'moderator.id', 'a.moderator_id')
    .leftJoin('users as member', 'member.id', 'a.member_id')
    .select([
      'a.id',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.target_label',
      'a.note',
      'a.suspended_until',
      'a.reports_resolved',
      'a.created_at',
      'moderator.id as moderator_id',
      'moderator.username as moderator_username',
      'member.id as member_id',
      'member.username as member_username',
    ]);
}

type LogRow = Awaited<ReturnType<ReturnType<typeof logSelect>['execute']>>[number];
const deletedMember = { id: null, username: ACCOUNT_TEXTS.deletedMember };
const toLogEntry = (row: LogRow): ModerationLogEntry => ({
  id: row.id,
  action: row.action,
  moderator:
    row.moderator_id !== null && row.moderator_username !== null
      ? { id: row.moderator_id, username: row.moderator_username }
      : deletedMember,
  target_type: row.target_type,
  target_id: row.target_id,
  target_label: row.target_label,
  // Only a dismissal can concern no member (its target was already gone); any other entry without one outlived them.
  member:
    row.member_id !== null && row.member_username !== null
      ? { id: row.member_id, username: row.member_username }
      : row.action === 'dismiss'
        ? null
        : deletedMember,
  note: row.note,
  suspended_until: toIso(row.suspended_until),
  reports_resolved: row.reports_resolved,
  created_at: toIso(row.created_at),
});

/** The audit log, newest first. */
export async function listActions(db: Executor): Promise<ModerationLogEntry[]> {
  const rows = await logSelect(db).orderBy('a.id', 'desc').limit(MODERATION_LOG_LIMIT).execute();
  return rows.map(toLogEntry);
}

/** One entry of the audit log. */
export async function getAction(db: Executor, id: number): Promise<ModerationLogEntry | undefined> {
  const row = await logSelect(db).where('a.id', '=', id).executeTakeFirst();
  return row && toLogEntry(row);
}

/**
 * A member is deleting their account: the audit log keeps its entries but stops calling them by
 * their username. Entries on them, or on a message of theirs, read "Deleted member" instead; their
 * references (as moderator or as member) are set null by the database when their row goes. Pass
 * the deletion's transaction.
 */
export async function nameDeletedMemberInLog(db: Executor, userId: number) {
  const shown = ACCOUNT_TEXTS.deletedMember;
  await db
    .updateTable('moderation_actions')
    .set({ target_label: shown })
    .where('target_type', '=', 'user')
    .where('target_id', '=', userId)
    .execute();
  await db
    .updateTable('moderation_actions')
    .set({ target_label: messageLabel(shown) })
    .where('target_type', '=', 'message')
    .where('member_id', '=', userId)
    .execute();
}
