import { formatPickupTime, type NotificationType } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { type Executor, toIso } from '../../db/schema.js';
import { memberTimeZone } from '../../lib/time-zone.js';
import { calendarAttachment } from '../mail/calendar-attachment.js';
import { withNotices } from '../notifications/notices-in-transaction.js';
import type { EventContact } from './attendees.queries.js';
import { eventCalendar, locationOf } from './event-calendar.js';
import { type EventMailKind, eventMail } from './event.mail.js';

/** The event a notice or an e-mail is about, as it stands after the step. */
export interface EventAbout {
  id: number;
  owner_id: number;
  title: string;
  description: string;
  starts_at: string | Date;
  ends_at: string | Date;
  place_name: string;
  address: string | null;
  zip_code: string;
  sequence: number;
  cancelled: boolean;
}

/** What a step of an event tells, written with the step. */
export interface EventNotices {
  /** A notice in the app (and its push, per the member's switch) to `to`, from the host unless it is theirs. */
  tell(to: number, type: NotificationType, about: EventAbout, matchKey: string, note?: string): Promise<void>;
  /** An e-mail to `to` per their switch, with the event's calendar entry in their zone. */
  mail(to: EventContact, kind: EventMailKind, about: EventAbout, hostName: string): Promise<void>;
}

const eventUrl = (app: FastifyInstance, eventId: number) => `${app.config.publicOrigin}/events/${eventId}`;

/** The calendar file of an event as one member reads it, in their own zone. */
export function eventCalendarFor(
  app: FastifyInstance,
  reader: Pick<EventContact, 'time_zone' | 'latitude' | 'longitude'>,
  about: EventAbout,
  hostName: string,
): string {
  return eventCalendar({
    eventId: about.id,
    title: about.title,
    description: about.description,
    startsAt: toIso(about.starts_at),
    endsAt: toIso(about.ends_at),
    location: locationOf(about),
    hostName,
    timeZone: memberTimeZone(reader),
    url: eventUrl(app, about.id),
    sequence: about.sequence,
    cancelled: about.cancelled,
  });
}

/**
 * Runs a step of an event and what it tells in one transaction, so the change, its notices, their
 * pushes and e-mails are kept or lost together; once committed, the members' open tabs hear of the
 * notices and the push worker is woken.
 */
export function withEventNotices<T>(
  app: FastifyInstance,
  step: (trx: Executor, notices: EventNotices) => Promise<T>,
): Promise<T> {
  return withNotices(app, (trx, notify) => {
    const notices: EventNotices = {
      async tell(to, type, about, matchKey, note) {
        await notify({
          user_id: to,
          type,
          event_id: about.id,
          ...(to === about.owner_id ? {} : { from_user_id: about.owner_id }),
          match_key: matchKey,
          ...(note ? { note } : {}),
        });
      },
      async mail(to, kind, about, hostName) {
        if (Number(to.may_email) !== 1) return;
        const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: to.id }, 'trades');
        const rendered = await eventMail({
          kind,
          recipientName: to.first_name || to.username,
          hosting: to.id === about.owner_id,
          hostName,
          title: about.title,
          time: formatPickupTime(toIso(about.starts_at), memberTimeZone(to)),
          location: locationOf(about),
          eventUrl: eventUrl(app, about.id),
          unsubscribeUrl,
        });
        await app.mailer.send(
          {
            ...rendered,
            to: to.email,
            unsubscribeUrl,
            attachments: [calendarAttachment('event.ics', eventCalendarFor(app, to, about, hostName), about.cancelled)],
          },
          trx,
        );
      },
    };
    return step(trx, notices);
  });
}
