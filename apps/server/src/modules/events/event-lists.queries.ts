import { EVENT_LENGTH_MAX_DAYS, type EventsCursor, type MapBox } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { type Circle, livesWithin } from '../listings/index.js';
import { type EventRow, type VisibleEvents, visibleEvents } from './event-view.queries.js';

const DAY_MS = 24 * 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Upcoming: neither ended nor cancelled, nor hidden, nor its host suspended. An event lasts at most
 * a week, so only starts from a week back are read: one short range of `events_upcoming`.
 */
function upcoming(query: VisibleEvents, now: number): VisibleEvents {
  return query
    .where('events.cancelled_at', 'is', null)
    .where('events.hidden_reason', 'is', null)
    .where('events.owner_suspended', '=', 0)
    .where('events.starts_at', '>', iso(now - EVENT_LENGTH_MAX_DAYS * DAY_MS))
    .where('events.ends_at', '>', iso(now));
}

/** A page in start order (soonest first, or latest first), from after the cursor, one row more to tell whether another follows. */
async function page(query: VisibleEvents, limit: number, cursor: EventsCursor | undefined, latestFirst = false) {
  const after = latestFirst ? '<' : '>';
  const direction = latestFirst ? 'desc' : 'asc';
  const rows = await query
    .$if(cursor !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('events.starts_at', after, iso(cursor!.startsAt)),
          eb.and([eb('events.starts_at', '=', iso(cursor!.startsAt)), eb('events.id', after, cursor!.id)]),
        ]),
      ),
    )
    .orderBy('events.starts_at', direction)
    .orderBy('events.id', direction)
    .limit(limit + 1)
    .execute();
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    rows: rows.slice(0, limit),
    next: last ? { startsAt: new Date(last.starts_at).getTime(), id: last.id } : undefined,
  };
}

export interface EventPage {
  rows: EventRow[];
  next: EventsCursor | undefined;
}

/** The upcoming events within the circle around the member's ZIP code, soonest first. */
export function listNear(
  db: Executor,
  viewerId: number,
  at: { circle: Circle; now: number },
  paging: { limit: number; cursor?: EventsCursor },
): Promise<EventPage> {
  return page(
    upcoming(visibleEvents(db, viewerId), at.now).where(livesWithin('events', at.circle)),
    paging.limit,
    paging.cursor,
  );
}

/** The upcoming events the member is going to, anywhere, soonest first. */
export function listGoing(
  db: Executor,
  viewerId: number,
  now: number,
  paging: { limit: number; cursor?: EventsCursor },
): Promise<EventPage> {
  const going = db.selectFrom('event_attendees').select('event_attendees.event_id').where('user_id', '=', viewerId);
  return page(upcoming(visibleEvents(db, viewerId), now).where('events.id', 'in', going), paging.limit, paging.cursor);
}

/** Every event the member hosts (cancelled, past and hidden ones too), latest start first. */
export function listMine(
  db: Executor,
  viewerId: number,
  paging: { limit: number; cursor?: EventsCursor },
): Promise<EventPage> {
  return page(visibleEvents(db, viewerId).where('events.owner_id', '=', viewerId), paging.limit, paging.cursor, true);
}

/** The upcoming events within a map's area, soonest first, at most `limit`; `more` when it holds more. */
export async function listInBox(db: Executor, viewerId: number, box: MapBox, now: number, limit: number) {
  const rows = await upcoming(visibleEvents(db, viewerId), now)
    .where('events.latitude', '>=', box.south)
    .where('events.latitude', '<=', box.north)
    .where('events.longitude', '>=', box.west)
    .where('events.longitude', '<=', box.east)
    .orderBy('events.starts_at')
    .orderBy('events.id')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
