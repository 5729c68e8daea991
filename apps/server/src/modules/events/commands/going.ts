import { EVENT_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../db/schema.js';
import { AppError, forbidden, notFound } from '../../../lib/app-error.js';
import { addAttendee, attends, countGoing, removeAttendee } from '../attendees.queries.js';
import { getEventForWrite, lockEvent } from '../events.queries.js';
import { assertOpen, visibleEvent } from './event-rights.js';

/**
 * The going member's step on an event they may see, in one transaction on its locked row: never
 * on their own event (403), a cancelled or ended one (409), nor one hidden meanwhile (404).
 */
async function onOpenEvent(
  app: FastifyInstance,
  userId: number,
  eventId: number,
  step: (trx: Executor, capacity: number | null) => Promise<void>,
) {
  const seen = await visibleEvent(app, userId, eventId);
  if (seen.owner_id === userId) throw forbidden(EVENT_TEXTS.ownEvent);
  const now = app.config.clock();
  assertOpen(seen, now);
  await app.db.transaction().execute(async (trx) => {
    await lockEvent(trx, eventId);
    const event = await getEventForWrite(trx, eventId);
    if (!event || event.hidden_reason !== null || event.owner_suspended === 1) throw notFound(EVENT_TEXTS.notFound);
    assertOpen(event, now);
    await step(trx, event.capacity);
  });
}

/** PUT /events/{id}/going: the member goes (once), while there is room: 409 EVENT_FULL once it is full. */
export async function goToEvent(app: FastifyInstance, userId: number, eventId: number) {
  const stamp = new Date(app.config.clock()).toISOString();
  await onOpenEvent(app, userId, eventId, async (trx, capacity) => {
    if (await attends(trx, eventId, userId)) return;
    if (capacity !== null && (await countGoing(trx, eventId)) >= capacity)
      throw new AppError('EVENT_FULL', EVENT_TEXTS.full);
    await addAttendee(trx, eventId, userId, stamp);
  });
}

/** DELETE /events/{id}/going: the member no longer goes. */
export async function leaveEvent(app: FastifyInstance, userId: number, eventId: number) {
  await onOpenEvent(app, userId, eventId, (trx) => removeAttendee(trx, eventId, userId));
}
