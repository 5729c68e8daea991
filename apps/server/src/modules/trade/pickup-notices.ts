import { formatPickupTime, type NotificationType } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/schema.js';
import { memberTimeZone } from '../../lib/time-zone.js';
import { pickupMail, type PickupMailKind } from '../mail/templates/pickup.mail.js';
import { calendarAttachment } from '../mail/calendar-attachment.js';
import { withNotices } from '../notifications/notices-in-transaction.js';
import { pickupCalendar } from './pickup-calendar.js';
import { type PickupMember, pickupMembers } from './pickup.queries.js';

/** The pickup a notice is about. */
export interface PickupAbout {
  listingId: number;
  listingTitle: string;
  /** The agreed time (or, for a move or cancel, the time it had), when there is one. */
  time: string | null;
  place: string | null;
  updatedAt: string;
}

/** What a step of a pickup tells, written with the step. */
export interface PickupNotices {
  /** A notice in the app (and its push, per the member's switch) to `to`, naming `from`. */
  tell(to: number, from: number, type: NotificationType, about: PickupAbout, note?: string | null): Promise<void>;
  /** An e-mail to `to` about the pickup with `from`, per their switch, with its calendar entry when there is a time. */
  mail(to: number, from: number, kind: PickupMailKind, about: PickupAbout): Promise<void>;
}

const listingUrl = (app: FastifyInstance, listingId: number) => `${app.config.publicOrigin}/listings/${listingId}`;

/** The member's zone, for the times they read. */
export const zoneOf = (member: PickupMember) => memberTimeZone(member);

/** The calendar file of a pickup as one of its members reads it. */
export function calendarFor(
  app: FastifyInstance,
  reader: PickupMember,
  other: PickupMember | undefined,
  about: PickupAbout & { time: string },
  cancelled = false,
): string {
  return pickupCalendar({
    listingId: about.listingId,
    listingTitle: about.listingTitle,
    time: about.time,
    place: about.place,
    withName: other?.username ?? 'a member',
    timeZone: zoneOf(reader),
    url: listingUrl(app, about.listingId),
    updatedAt: about.updatedAt,
    cancelled,
  });
}

/**
 * Runs a step of a pickup and what it tells in one transaction, so the change, its notices, their
 * pushes and e-mails are kept or lost together; once committed, the members' open tabs hear of the
 * notices and the push worker is woken.
 */
export function withPickupNotices<T>(
  app: FastifyInstance,
  step: (trx: Executor, notices: PickupNotices) => Promise<T>,
): Promise<T> {
  return withNotices(app, (trx, notify) => {
    const notices: PickupNotices = {
      async tell(to, from, type, about, note) {
        await notify({
          user_id: to,
          type,
          listing_id: about.listingId,
          from_user_id: from,
          match_key: `${type}:${about.listingId}:${about.updatedAt}`,
          ...(note ? { note } : {}),
        });
      },
      async mail(to, from, kind, about) {
        const members = await pickupMembers(trx, [to, from]);
        const recipient = members.find((m) => m.id === to);
        const other = members.find((m) => m.id === from);
        if (!recipient || Number(recipient.may_email) !== 1) return;
        const timeZone = zoneOf(recipient);
        const attachment =
          about.time && kind !== 'moved'
            ? calendarFor(app, recipient, other, { ...about, time: about.time }, kind === 'cancelled')
            : undefined;
        const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: to }, 'trades');
        const rendered = await pickupMail({
          kind,
          recipientName: recipient.first_name || recipient.username,
          withName: other?.username ?? 'A member',
          listingTitle: about.listingTitle,
          time: about.time ? formatPickupTime(about.time, timeZone) : '',
          place: about.place,
          listingUrl: listingUrl(app, about.listingId),
          unsubscribeUrl,
        });
        await app.mailer.send(
          {
            ...rendered,
            to: recipient.email,
            unsubscribeUrl,
            ...(attachment
              ? { attachments: [calendarAttachment('pickup.ics', attachment, kind === 'cancelled')] }
              : {}),
          },
          trx,
        );
      },
    };
    return step(trx, notices);
  });
}
