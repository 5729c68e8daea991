import type { ModerationActionInput } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { endAllSessions } from '../auth/end-sessions.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { insertNotification } from '../notifications/notifications.queries.js';
import { eventHiddenMail } from './mails/event-hidden.mail.js';
import { listingHiddenMail } from './mails/listing-hidden.mail.js';
import { suspensionMail } from './mails/suspension.mail.js';
import { warningMail } from './mails/warning.mail.js';
import { insertAction } from './audit-log.queries.js';
import { hideEvent } from './moderation-event.js';
import { findActionTarget, hideListing, memberContact, resolveOpenReports } from './moderation.queries.js';
import { type Notice, pushNotices } from './push-notices.js';
import { suspendMember } from '../auth/suspensions.queries.js';

const DAY_MS = 24 * 60 * 60_000;

/** What the reporters are told, in their notification. */
function outcomeText(input: ModerationActionInput, label: string, member: string | undefined) {
  const looked = `A moderator looked at your report of ${label}`;
  switch (input.action) {
    case 'dismiss':
      return `${looked} and found nothing against the rules. Thank you for telling us.`;
    case 'hide_listing':
      return `${looked} and hid the listing. Thank you for telling us.`;
    case 'hide_event':
      return `${looked} and hid the event. Thank you for telling us.`;
    case 'warn':
      return `${looked} and warned ${member ?? 'the member'}. Thank you for telling us.`;
    case 'suspend':
      return `${looked} and suspended ${member ?? 'the member'}. Thank you for telling us.`;
  }
}

/**
 * One moderator's action on a reported target, all in one transaction: the change itself (hide,
 * suspend), every open report of the target resolved, the audit log entry, the notices for the
 * member and the reporters and the member's e-mail. Then the notices are pushed live and a
 * suspended member's sockets are dropped. The log entry's id, or why nothing was done.
 */
export async function takeAction(
  app: FastifyInstance,
  moderatorId: number,
  input: ModerationActionInput,
): Promise<number | 'gone' | 'self' | 'not-a-listing' | 'not-an-event' | 'handled'> {
  const { target_type: type, target_id: id } = input;
  const target = await findActionTarget(app.db, type, id);
  if (!target && input.action !== 'dismiss') return 'gone';
  if (target?.memberId === moderatorId) return 'self';
  if (input.action === 'hide_listing' && type !== 'listing') return 'not-a-listing';
  if (input.action === 'hide_event' && type !== 'event') return 'not-an-event';
  const label = target?.label ?? `a ${type} that no longer exists`;
  const origin = app.config.publicOrigin;
  const note = input.note ?? null;
  const suspendedUntil =
    input.action === 'suspend' && input.days !== null ? new Date(Date.now() + input.days * DAY_MS) : null;

  const done = await app.db.transaction().execute(async (trx) => {
    const reporters = await resolveOpenReports(trx, type, id);
    if (reporters.length === 0) return undefined;
    const member = target?.memberId ? await memberContact(trx, target.memberId) : undefined;
    const notices: Notice[] = [];
    const tell = async (values: Parameters<typeof insertNotification>[1], mail?: OutgoingMail) => {
      const noticeId = await insertNotification(trx, values);
      if (noticeId !== undefined) notices.push({ userId: values.user_id, id: noticeId });
      if (mail) await app.mailer.send(mail, trx);
    };

    const actionId = await insertAction(trx, {
      moderator_id: moderatorId,
      action: input.action,
      target_type: type,
      target_id: id,
      target_label: label,
      member_id: member?.id ?? null,
      note,
      suspended_until: suspendedUntil?.toISOString() ?? null,
      reports_resolved: reporters.length,
    });

    if (input.action === 'hide_listing' && member) {
      await hideListing(trx, id, input.note);
      await tell(
        {
          user_id: member.id,
          type: 'listing_hidden',
          listing_id: id,
          match_key: `moderation:${actionId}`,
          note: input.note,
        },
        {
          to: member.email,
          ...(await listingHiddenMail({
            name: member.first_name || member.username,
            title: target?.listingTitle ?? '',
            reason: input.note,
            url: `${origin}/listings/${id}`,
          })),
        },
      );
    }
    if (input.action === 'hide_event' && member) {
      await hideEvent(trx, id, input.note);
      await tell(
        {
          user_id: member.id,
          type: 'event_hidden',
          event_id: id,
          match_key: `moderation:${actionId}`,
          note: input.note,
        },
        {
          to: member.email,
          ...(await eventHiddenMail({
            name: member.first_name || member.username,
            title: target?.eventTitle ?? '',
            reason: input.note,
            url: `${origin}/events/${id}`,
          })),
        },
      );
    }
    if (input.action === 'warn' && member) {
      await tell(
        { user_id: member.id, type: 'moderation_warning', match_key: `moderation:${actionId}`, note: input.note },
        {
          to: member.email,
          ...(await warningMail({ name: member.first_name || member.username, reason: input.note, url: origin })),
        },
      );
    }
    if (input.action === 'suspend' && member) {
      await suspendMember(trx, member.id, suspendedUntil);
      await app.mailer.send(
        {
          to: member.email,
          ...(await suspensionMail({
            name: member.first_name || member.username,
            reason: input.note,
            until: suspendedUntil?.toISOString() ?? null,
          })),
        },
        trx,
      );
    }
    const outcome = outcomeText(input, label, member?.username);
    for (const reporter of reporters)
      await tell({ user_id: reporter, type: 'report_outcome', match_key: `outcome:${actionId}`, note: outcome });
    return {
      actionId,
      notices,
      suspended: input.action === 'suspend' ? member?.id : undefined,
      hidden: input.action === 'hide_listing' ? member?.id : undefined,
    };
  });
  if (!done) return 'handled';
  if (done.hidden !== undefined) await app.events.emit('listing.changed', { listingId: id, ownerId: done.hidden });
  if (done.suspended !== undefined) await app.events.emit('member.changed', { memberId: done.suspended });

  if (done.suspended !== undefined) endAllSessions(app, done.suspended);
  await pushNotices(app, done.notices);
  return done.actionId;
}
