import type { Executor } from '../../db/schema.js';
import { mayEmailFlag } from '../mail/recipients.js';
import { blockedIdsOf } from '../relations/index.js';

/** How many members are going to the event. */
export async function countGoing(trx: Executor, eventId: number): Promise<number> {
  const row = await trx
    .selectFrom('event_attendees')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the member as going, once; whether they were not yet. */
export async function addAttendee(trx: Executor, eventId: number, userId: number, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('event_attendees')
    .values({ event_id: eventId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the member is going. */
export async function attends(trx: Executor, eventId: number, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('event_attendees')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member no longer goes. */
export async function removeAttendee(trx: Executor, eventId: number, userId: number) {
  await trx.deleteFrom('event_attendees').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
}

const CONTACT_COLUMNS = [
  'users.id',
  'users.username',
  'users.first_name',
  'users.email',
  'users.time_zone',
  'users.latitude',
  'users.longitude',
] as const;

/** Members as an event's notices and e-mails address them; `may_email` per their switch for times (`trades`). */
export function eventContacts(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(CONTACT_COLUMNS)
    .select(mayEmailFlag('trades').as('may_email'))
    .where('users.id', 'in', ids)
    .where('users.deleted_at', 'is', null)
    .execute();
}
export type EventContact = Awaited<ReturnType<typeof eventContacts>>[number];

/** The members going to the event whom what its host changes reaches: none that either blocked. */
export function goingAudience(db: Executor, eventId: number, ownerId: number) {
  return db
    .selectFrom('event_attendees')
    .innerJoin('users', 'users.id', 'event_attendees.user_id')
    .select(CONTACT_COLUMNS)
    .select(mayEmailFlag('trades').as('may_email'))
    .where('event_attendees.event_id', '=', eventId)
    .where('users.id', 'not in', blockedIdsOf(ownerId))
    .orderBy('users.id')
    .execute();
}
