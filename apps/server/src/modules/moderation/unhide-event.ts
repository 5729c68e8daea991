import type { FastifyInstance } from 'fastify';
import { insertNotification } from '../notifications/notifications.queries.js';
import { insertAction } from './audit-log.queries.js';
import { findEventToUnhide, unhideEventRow } from './hidden-events.queries.js';
import { eventUnhiddenMail } from './mails/event-unhidden.mail.js';
import { eventLabel } from './moderation-event.js';
import { memberContact } from './moderation.queries.js';
import { pushNotices } from './push-notices.js';

/**
 * A moderator shows an event they (or another moderator) hid again, in one transaction: the
 * event's flag cleared (the event visibility rule then shows it again), the audit log entry, the
 * notice and the e-mail to its host. Then the notice is pushed. The log entry's id, or why nothing
 * was done.
 */
export async function unhideEvent(
  app: FastifyInstance,
  moderatorId: number,
  eventId: number,
  note: string,
): Promise<number | 'gone' | 'self' | 'not-hidden'> {
  const event = await findEventToUnhide(app.db, eventId);
  if (!event) return 'gone';
  if (event.owner_id === moderatorId) return 'self';
  if (event.hidden_reason === null) return 'not-hidden';

  const done = await app.db.transaction().execute(async (trx) => {
    // Another moderator may have got there first.
    if (!(await unhideEventRow(trx, event.id))) return undefined;
    const owner = await memberContact(trx, event.owner_id);
    const actionId = await insertAction(trx, {
      moderator_id: moderatorId,
      action: 'unhide_event',
      target_type: 'event',
      target_id: event.id,
      target_label: eventLabel(event.title),
      member_id: event.owner_id,
      note,
      suspended_until: null,
      reports_resolved: 0,
    });
    const noticeId = await insertNotification(trx, {
      user_id: event.owner_id,
      type: 'event_unhidden',
      event_id: event.id,
      match_key: `moderation:${actionId}`,
      note,
    });
    if (owner)
      await app.mailer.send(
        {
          to: owner.email,
          ...(await eventUnhiddenMail({
            name: owner.first_name || owner.username,
            title: event.title,
            reason: note,
            url: `${app.config.publicOrigin}/events/${event.id}`,
            ownerSuspended: event.owner_suspended === 1,
          })),
        },
        trx,
      );
    return { actionId, notices: noticeId === undefined ? [] : [{ userId: event.owner_id, id: noticeId }] };
  });
  if (!done) return 'not-hidden';
  await pushNotices(app, done.notices);
  return done.actionId;
}
