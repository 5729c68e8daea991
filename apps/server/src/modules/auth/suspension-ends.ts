import { suspendedText } from '@gardenswap/shared';
import { nowIso, toIso } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Writer } from '../../plugins/events.js';
import { isSuspendedNow, liftSuspension } from './suspensions.queries.js';

/**
 * Lifts every suspension that has run out. The state lives in the database, so a restart forgets
 * nothing: each instance runs this now and then (see suspension-sweep.ts), and a sign-in runs it
 * for its member. The ids of the members it let back.
 */
export async function liftEndedSuspensions(app: Writer, now = nowIso()) {
  const over = await app.db
    .selectFrom('users')
    .select('id')
    .where('suspended_at', 'is not', null)
    .where('suspended_until', '<=', now)
    .limit(500)
    .execute();
  const lifted: number[] = [];
  for (const { id } of over) {
    if (!(await app.db.transaction().execute((trx) => liftSuspension(trx, id, now)))) continue;
    lifted.push(id);
    await app.events.emit('member.changed', { memberId: id });
  }
  return lifted;
}

/**
 * Refuses a suspended member a new session (403, saying until when); a suspension that has run
 * out is lifted on the spot.
 */
export async function refuseSuspended(app: Writer, userId: number) {
  const row = await app.db
    .selectFrom('users')
    .select(['suspended_at', 'suspended_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.suspended_at === null) return;
  if (isSuspendedNow(row)) {
    throw new AppError('ACCOUNT_SUSPENDED', suspendedText(row.suspended_until && toIso(row.suspended_until)));
  }
  await liftEndedSuspensions(app);
}
