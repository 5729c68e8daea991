import type { Report, ReportInput } from '@gardenswap/shared';
import { type Executor, toIso } from '../../db/schema.js';
import { visibleTo } from '../listings/visibility.js';

/**
 * Whether the reporter may report this target: a listing they can see, a message they sent
 * or received, or any other member (blocked ones included: blocking and reporting go together).
 */
export async function canReport(
  db: Executor,
  reporterId: number,
  input: Pick<ReportInput, 'target_type' | 'target_id'>,
) {
  const { target_type: type, target_id: id } = input;
  if (type === 'listing') {
    const row = await db
      .selectFrom('listings')
      .select('id')
      .where('id', '=', id)
      .where(visibleTo(reporterId))
      .executeTakeFirst();
    return row !== undefined;
  }
  if (type === 'message') {
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', id)
      .where((eb) => eb.or([eb('sender_id', '=', reporterId), eb('receiver_id', '=', reporterId)]))
      .executeTakeFirst();
    return row !== undefined;
  }
  if (id === reporterId) return false;
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Keeps a report for the moderators. */
export async function insertReport(db: Executor, reporterId: number, input: ReportInput): Promise<Report> {
  const row = await db
    .insertInto('reports')
    .values({ reporter_id: reporterId, ...input })
    .returning(['id', 'target_type', 'target_id', 'reason', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, created_at: toIso(row.created_at) };
}
