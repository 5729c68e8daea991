import { EVENT_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { eventContacts, goingAudience } from '../attendees.queries.js';
import { withEventNotices } from '../event-notices.js';
import { cancelEventRow, getEventForWrite } from '../events.queries.js';
import { assertOpen, eventConflict, ownEvent } from './event-rights.js';

/**
 * DELETE /events/{id}: its host calls an event off. Its page stays, marked cancelled; every member
 * going is told, and e-mailed the cancellation for their calendar. 409 once cancelled or over.
 */
export async function cancelEvent(app: FastifyInstance, ownerId: number, eventId: number) {
  assertOpen(await ownEvent(app, ownerId, eventId), app.config.clock());
  const stamp = new Date(app.config.clock()).toISOString();
  await withEventNotices(app, async (trx, notices) => {
    if (!(await cancelEventRow(trx, eventId, stamp))) throw eventConflict(EVENT_TEXTS.cancelled);
    const event = (await getEventForWrite(trx, eventId))!;
    const about = { ...event, cancelled: true };
    const [host] = await eventContacts(trx, [ownerId]);
    for (const member of await goingAudience(trx, eventId, ownerId)) {
      await notices.tell(member.id, 'event_cancelled', about, `event_cancelled:${eventId}`);
      await notices.mail(member, 'cancelled', about, host?.username ?? 'The host');
    }
  });
}
