import { EVENT_FRIENDS_SHOWN, type Event, type EventMember } from '@gardenswap/shared';
import { type Executor, toIso } from '../../db/schema.js';
import { type Coordinates, distanceMiles } from '../../lib/geo.js';
import { eventVisibleTo } from '../event-visibility/index.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { friendIdsOf } from '../relations/index.js';

/** Who looks at events: the member, their ZIP code's centre, and the signer of photos for them. */
export interface EventViewer {
  id: number;
  coordinates: Coordinates | null;
  sign: PhotoSigner;
}

const EVENT_COLUMNS = [
  'events.id',
  'events.owner_id',
  'events.title',
  'events.description',
  'events.photo',
  'events.thumbnail',
  'events.starts_at',
  'events.ends_at',
  'events.place_name',
  'events.address',
  'events.zip_code',
  'events.latitude',
  'events.longitude',
  'events.capacity',
  'events.cancelled_at',
  'events.hidden_reason',
  'events.owner_suspended',
  'events.sequence',
  'events.created_at',
  'events.updated_at',
] as const;

/**
 * The events the member may see (the event visibility rule), each with its host's name, how many
 * are going and whether the member is: what every read of events starts from.
 */
export function visibleEvents(db: Executor, viewerId: number) {
  return db
    .selectFrom('events')
    .where(eventVisibleTo(viewerId))
    .innerJoin('users as owner', 'owner.id', 'events.owner_id')
    .select(EVENT_COLUMNS)
    .select(['owner.username as owner_username', 'owner.profile_picture as owner_profile_picture'])
    .select((eb) => [
      eb
        .selectFrom('event_attendees as a')
        .select((a) => a.fn.countAll<number | string>().as('n'))
        .whereRef('a.event_id', '=', 'events.id')
        .as('going_count'),
      eb
        .exists(
          eb
            .selectFrom('event_attendees as g')
            .select('g.user_id')
            .whereRef('g.event_id', '=', 'events.id')
            .where('g.user_id', '=', viewerId),
        )
        .as('going_by_me'),
    ]);
}
export type VisibleEvents = ReturnType<typeof visibleEvents>;
export type EventRow = Awaited<ReturnType<VisibleEvents['executeTakeFirstOrThrow']>>;

/** The event if the member may see it (undefined otherwise, as for a missing one). */
export function getVisibleEventRow(db: Executor, viewerId: number, id: number): Promise<EventRow | undefined> {
  return visibleEvents(db, viewerId).where('events.id', '=', id).executeTakeFirst();
}

/** Whether the member said they are going. */
export const isGoing = (row: EventRow) => Boolean(Number(row.going_by_me));
/** How many members said they are going. */
export const goingCount = (row: EventRow) => Number(row.going_count ?? 0);

/** The member's friends going to each event, the first to say so first, with how many in all. */
async function friendsGoing(db: Executor, viewerId: number, eventIds: number[]) {
  const byEvent = new Map<number, EventMember[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('event_attendees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.event_id', 'u.id', 'u.username', 'u.profile_picture'])
    .where('a.event_id', 'in', eventIds)
    .where('a.user_id', 'in', friendIdsOf(viewerId))
    .orderBy('a.event_id')
    .orderBy('a.created_at')
    .orderBy('u.id')
    .execute();
  for (const { event_id, ...member } of rows) byEvent.set(event_id, [...(byEvent.get(event_id) ?? []), member]);
  return byEvent;
}

/** Events as the member reads them: their photos signed for them, distance from them, their friends going. */
export async function toEvents(db: Executor, rows: EventRow[], viewer: EventViewer): Promise<Event[]> {
  const friends = await friendsGoing(
    db,
    viewer.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const spot = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
    const going = friends.get(row.id) ?? [];
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      photo: viewer.sign(row.photo, photoAccess(row)),
      thumbnail: viewer.sign(row.thumbnail, photoAccess(row)),
      starts_at: toIso(row.starts_at),
      ends_at: toIso(row.ends_at),
      place_name: row.place_name,
      address: row.address,
      zip_code: row.zip_code,
      spot,
      distance_miles: distanceMiles(viewer.coordinates, spot),
      capacity: row.capacity,
      going_count: goingCount(row),
      going_by_me: isGoing(row),
      friends_going: going.slice(0, EVENT_FRIENDS_SHOWN),
      friends_going_count: going.length,
      owner: { id: row.owner_id, username: row.owner_username, profile_picture: row.owner_profile_picture },
      is_owner: row.owner_id === viewer.id,
      cancelled_at: toIso(row.cancelled_at),
      hidden_reason: row.hidden_reason,
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
    };
  });
}

/** An event's photo is open to all unless a moderator hid the event or its host is suspended. */
const photoAccess = (row: EventRow) => ({
  is_public: true,
  is_active: true,
  hidden: row.hidden_reason !== null || row.owner_suspended === 1,
});

/** The event as the member reads it, if they may see it. */
export async function getVisibleEvent(db: Executor, viewer: EventViewer, id: number): Promise<Event | undefined> {
  const row = await getVisibleEventRow(db, viewer.id, id);
  return row && (await toEvents(db, [row], viewer))[0];
}
