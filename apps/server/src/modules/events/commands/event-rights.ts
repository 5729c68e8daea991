import { EVENT_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, notFound } from '../../../lib/app-error.js';
import { type EventRow, getVisibleEventRow } from '../event-view.queries.js';

/** 409: the step no longer fits where the event stands. */
export const eventConflict = (detail: string) => new AppError('CONFLICT', detail);

/** The event if the member may see it, else 404 (never telling a hidden one from a missing one). */
export async function visibleEvent(app: FastifyInstance, userId: number, id: number): Promise<EventRow> {
  const event = await getVisibleEventRow(app.db, userId, id);
  if (!event) throw notFound(EVENT_TEXTS.notFound);
  return event;
}

/** The event when the member hosts it: 404 when they cannot see it, 403 when it is someone else's. */
export async function ownEvent(app: FastifyInstance, userId: number, id: number): Promise<EventRow> {
  const event = await visibleEvent(app, userId, id);
  if (event.owner_id !== userId) throw forbidden(EVENT_TEXTS.editForbidden);
  return event;
}

/** 409 once the event is cancelled or over: nothing more is arranged on it. */
export function assertOpen(event: { cancelled_at: string | Date | null; ends_at: string | Date }, now: number): void {
  if (event.cancelled_at !== null) throw eventConflict(EVENT_TEXTS.cancelled);
  if (new Date(event.ends_at).getTime() <= now) throw eventConflict(EVENT_TEXTS.ended);
}

/** When the day-before reminder of an event starting then is due; null when that moment has passed. */
export function reminderAt(startsAt: string, now: number, before: number): string | null {
  const at = Date.parse(startsAt) - before;
  return at > now ? new Date(at).toISOString() : null;
}
