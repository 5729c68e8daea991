import type { Updateable } from 'kysely';
import type { EventsTable, Executor } from '../../db/schema.js';

/** A new event's row, its place already resolved from its ZIP code. */
export interface NewEvent {
  owner_id: number;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  place_name: string;
  address: string | null;
  zip_code: string;
  latitude: number;
  longitude: number;
  capacity: number | null;
  remind_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Stores a new event; its id. */
export async function insertEvent(db: Executor, event: NewEvent): Promise<number> {
  const row = await db.insertInto('events').values(event).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes the event's row for the rest of the transaction: the write lock every write of it, and of
 * who goes to it, takes first. Whether there is such an event.
 */
export async function lockEvent(trx: Executor, eventId: number): Promise<boolean> {
  const result = await trx
    .updateTable('events')
    .set((eb) => ({ sequence: eb.ref('sequence') }))
    .where('id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The event's row as its writes read it, in their transaction (after `lockEvent`). */
export function getEventForWrite(trx: Executor, eventId: number) {
  return trx
    .selectFrom('events')
    .select([
      'id',
      'owner_id',
      'title',
      'description',
      'starts_at',
      'ends_at',
      'place_name',
      'address',
      'zip_code',
      'capacity',
      'cancelled_at',
      'hidden_reason',
      'owner_suspended',
      'sequence',
    ])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
export type EventForWrite = NonNullable<Awaited<ReturnType<typeof getEventForWrite>>>;

/** Writes an edit of the event's columns. */
export async function updateEventRow(trx: Executor, eventId: number, values: Updateable<EventsTable>) {
  await trx.updateTable('events').set(values).where('id', '=', eventId).execute();
}

/** Cancels the event, and its reminder with it; false when it was already cancelled. */
export async function cancelEventRow(trx: Executor, eventId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('events')
    .set((eb) => ({ cancelled_at: now, remind_at: null, sequence: eb('sequence', '+', 1), updated_at: now }))
    .where('id', '=', eventId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The photo paths of one of the host's events; undefined when the host has no such event. */
export function eventPhotoOf(trx: Executor, ownerId: number, eventId: number) {
  return trx
    .selectFrom('events')
    .select(['photo', 'thumbnail'])
    .where('id', '=', eventId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** Sets the event's photo, or with null removes it. */
export async function writeEventPhoto(
  trx: Executor,
  eventId: number,
  photo: { image: string; thumbnail: string } | null,
  now: string,
) {
  await trx
    .updateTable('events')
    .set({ photo: photo?.image ?? null, thumbnail: photo?.thumbnail ?? null, updated_at: now })
    .where('id', '=', eventId)
    .execute();
}
