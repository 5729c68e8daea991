import type { Report, ReportInput } from '@gardenswap/shared';
import { sql } from 'kysely';
import { type Executor, toIso } from '../../db/schema.js';
import { eventVisibleTo } from '../event-visibility/index.js';
import { visibleTo } from '../listings/index.js';
import { memberExists } from '../relations/index.js';

/**
 * Whether the reporter may report this target: a listing or an event they can see, a message they
 * sent or received, or any other member (blocked ones included: blocking and reporting go together).
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
  if (type === 'event') {
    const row = await db
      .selectFrom('events')
      .select('id')
      .where('id', '=', id)
      .where(eventVisibleTo(reporterId))
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
  return memberExists(db, id);
}

const REPORT_COLUMNS = ['id', 'target_type', 'target_id', 'reason', 'created_at'] as const;

type ReportRow = Omit<Report, 'created_at'> & { created_at: string | Date };

const toReport = (row: ReportRow): Report => ({ ...row, created_at: toIso(row.created_at) });

/**
 * Keeps a report for the moderators, once: while the reporter's report of this target is
 * open, reporting it again stores nothing and answers that report. The partial unique index
 * on open reports decides, so repeats that race each other still leave one row.
 */
export async function insertReport(db: Executor, reporterId: number, input: ReportInput): Promise<Report> {
  // A report resolved between our insert and our read frees the target to be reported anew:
  // one more round stores it.
  for (let round = 0; round < 2; round += 1) {
    const row = await db
      .insertInto('reports')
      .values({ reporter_id: reporterId, ...input })
      // The predicate is written out, not bound: PostgreSQL picks the partial index by this
      // WHERE when it plans, and the generic plan of a prepared statement sees no bound value.
      .onConflict((oc) =>
        oc.columns(['reporter_id', 'target_type', 'target_id']).where('status', '=', sql.lit('open')).doNothing(),
      )
      .returning(REPORT_COLUMNS)
      .executeTakeFirst();
    if (row) return toReport(row);
    const open = await db
      .selectFrom('reports')
      .select(REPORT_COLUMNS)
      .where('reporter_id', '=', reporterId)
      .where('target_type', '=', input.target_type)
      .where('target_id', '=', input.target_id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open) return toReport(open);
  }
  throw new Error('a report conflicted with an open one that cannot be found');
}
