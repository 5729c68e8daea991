import {
  EVENT_REMINDER_BEFORE_MS,
  EVENT_TEXTS,
  type UpdateEventInputSchema,
  eventTimeProblem,
} from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { type EventsTable, toIso } from '../../../db/schema.js';
import { invalidField } from '../../../lib/app-error.js';
import { countGoing, eventContacts, goingAudience } from '../attendees.queries.js';
import { withEventNotices } from '../event-notices.js';
import { getEventForWrite, lockEvent, updateEventRow } from '../events.queries.js';
import { placeOfZip } from './create-event.js';
import { assertOpen, ownEvent, reminderAt } from './event-rights.js';

/** What going members must hear of when it changes: when, where, and what it is called. */
const TOLD_FIELDS = ['title', 'starts_at', 'ends_at', 'place_name', 'address', 'zip_code'] as const;

/**
 * PATCH /events/{id}: its host edits an event that is neither cancelled nor over. A change of its
 * name, times or place reaches every member going (a notice, and an e-mail with the calendar entry
 * that replaces theirs); a new start moves the reminder.
 */
export async function updateEvent(
  app: FastifyInstance,
  ownerId: number,
  eventId: number,
  input: z.output<typeof UpdateEventInputSchema>,
) {
  await ownEvent(app, ownerId, eventId);
  const now = app.config.clock();
  const stamp = new Date(now).toISOString();
  await withEventNotices(app, async (trx, notices) => {
    await lockEvent(trx, eventId);
    const before = (await getEventForWrite(trx, eventId))!;
    assertOpen(before, now);

    const values: Updateable<EventsTable> = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.description !== undefined) values.description = input.description;
    if (input.place_name !== undefined) values.place_name = input.place_name;
    if (input.address !== undefined) values.address = input.address;
    if (input.starts_at !== undefined) values.starts_at = new Date(input.starts_at).toISOString();
    if (input.ends_at !== undefined) values.ends_at = new Date(input.ends_at).toISOString();
    if (input.starts_at !== undefined || input.ends_at !== undefined) {
      const times = {
        starts_at: values.starts_at ?? toIso(before.starts_at),
        ends_at: values.ends_at ?? toIso(before.ends_at),
      };
      const problem = eventTimeProblem(times, now, { startKept: input.starts_at === undefined });
      if (problem) throw invalidField(problem.field, problem.message);
    }
    if (input.zip_code !== undefined)
      Object.assign(values, { zip_code: input.zip_code, ...placeOfZip(input.zip_code) });
    if (input.capacity !== undefined) {
      if (input.capacity !== null && input.capacity < (await countGoing(trx, eventId)))
        throw invalidField('capacity', EVENT_TEXTS.capacityBelowGoing);
      values.capacity = input.capacity;
    }

    const after = { ...before, ...values };
    const told = TOLD_FIELDS.some((field) => toIso(after[field]) !== toIso(before[field]));
    if (told) {
      after.sequence = before.sequence + 1;
      values.sequence = after.sequence;
    }
    if (values.starts_at !== undefined && values.starts_at !== toIso(before.starts_at))
      values.remind_at = reminderAt(values.starts_at, now, EVENT_REMINDER_BEFORE_MS);
    await updateEventRow(trx, eventId, { ...values, updated_at: stamp });
    if (!told) return;

    const about = { ...after, cancelled: false };
    const [host] = await eventContacts(trx, [ownerId]);
    const hostName = host?.username ?? 'The host';
    const startsAt = toIso(after.starts_at);
    for (const member of await goingAudience(trx, eventId, ownerId)) {
      await notices.tell(member.id, 'event_changed', about, `event_changed:${eventId}:${after.sequence}`, startsAt);
      await notices.mail(member, 'changed', about, hostName);
    }
  });
}
