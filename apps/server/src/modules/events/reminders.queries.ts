import { type Executor, toIso } from '../../db/schema.js';

/** Events whose day-before reminder is due, the earliest first. */
export function dueEventReminders(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('events')
    .select(['id', 'remind_at'])
    .where('remind_at', '<=', now)
    .orderBy('remind_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a due reminder for this instance: true for exactly one caller, the one whose statement
 * cleared it (it must still be due as this instance read it).
 */
export async function takeEventReminder(trx: Executor, due: { id: number; remind_at: string | Date | null }) {
  if (due.remind_at === null) return false;
  const result = await trx
    .updateTable('events')
    .set({ remind_at: null })
    .where('id', '=', due.id)
    .where('remind_at', '=', toIso(due.remind_at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
