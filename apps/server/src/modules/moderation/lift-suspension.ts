import type { FastifyInstance } from 'fastify';
import { insertNotification } from '../notifications/notifications.queries.js';
import { insertAction } from './audit-log.queries.js';
import { suspensionLiftedMail } from './mails/suspension-lifted.mail.js';
import { pushNotices } from './push-notices.js';
import { findMemberStanding } from './suspended-members.queries.js';
import { isSuspendedNow, liftSuspension } from '../auth/suspensions.queries.js';

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
