import { suspendedText } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso, toIso } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Writer } from '../../plugins/events.js';
import { insertNotification } from '../notifications/notifications.queries.js';
import { insertAction } from './audit-log.queries.js';
import { suspensionLiftedMail } from './mails/suspension-lifted.mail.js';
import { pushNotices } from './push-notices.js';
import { findMemberStanding } from './suspended-members.queries.js';
import { isSuspendedNow, liftSuspension } from './suspensions.queries.js';

/**
 * A moderator lifts a member's suspension before its end (or one for good), in one transaction:
 * the suspension ends as when it runs out (they may sign in at once, their listings show again but
 * those a moderator hid), the audit log entry, the notice and the e-mail to the member. The log
 * entry's id, or why nothing was done.
 */
export async function liftSuspensionEarly(
  app: FastifyInstance,
  moderatorId: number,
  memberId: number,
  note: string,
): Promise<number | 'gone' | 'self' | 'not-suspended'> {
  const member = await findMemberStanding(app.db, memberId);
  if (!member) return 'gone';
  if (member.id === moderatorId) return 'self';
  if (!isSuspendedNow(member)) return 'not-suspended';

  const done = await app.db.transaction().execute(async (trx) => {
    // Another moderator, or the suspension's end, may have got there first.
    if (!(await liftSuspension(trx, member.id))) return undefined;
    const actionId = await insertAction(trx, {
      moderator_id: moderatorId,
      action: 'lift_suspension',
      target_type: 'user',
      target_id: member.id,
      target_label: member.username,
      member_id: member.id,
      note,
      suspended_until: null,
      reports_resolved: 0,
    });
    const noticeId = await insertNotification(trx, {
      user_id: member.id,
      type: 'suspension_lifted',
      match_key: `moderation:${actionId}`,
      note,
    });
    await app.mailer.send(
      {
        to: member.email,
        ...(await suspensionLiftedMail({
          name: member.first_name || member.username,
          reason: note,
          url: `${app.config.publicOrigin}/login`,
        })),
      },
      trx,
    );
    return { actionId, notices: noticeId === undefined ? [] : [{ userId: member.id, id: noticeId }] };
  });
  if (!done) return 'not-suspended';
  await app.events.emit('member.changed', { memberId: member.id });
  await pushNotices(app, done.notices);
  return done.actionId;
}

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
