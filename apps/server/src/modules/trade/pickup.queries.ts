import { LISTING_STATES, type Pickup, type ReservedBetween } from '@gardenswap/shared';
import type { ExpressionBuilder } from 'kysely';
import { type Database, type Executor, nowIso, toIso } from '../../db/schema.js';
import { mayEmailFlag } from '../mail/recipients.js';

type PickupsEb = ExpressionBuilder<Database & { p: Database['pickups'] }, 'p'>;

/** A pickup counts only while its listing is still reserved for its member: any other state leaves it behind. */
function stillReserved(eb: PickupsEb) {
  return eb.exists(
    eb
      .selectFrom('listings as l')
      .select('l.id')
      .whereRef('l.id', '=', 'p.listing_id')
      .whereRef('l.reserved_for_id', '=', 'p.member_id')
      .where('l.state_id', '=', LISTING_STATES.reserved),
  );
}

const COLUMNS = [
  'p.listing_id',
  'p.owner_id',
  'p.member_id',
  'p.offered_by_id',
  'p.status',
  'p.times',
  'p.agreed_time',
  'p.place',
  'p.note',
  'p.updated_at',
] as const;

function currentPickups(db: Executor) {
  return db.selectFrom('pickups as p').select(COLUMNS).where(stillReserved);
}

export type PickupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof currentPickups>['executeTakeFirst']>>>;

/** A stored pickup as its two members read it. */
export function toPickup(row: PickupRow): Pickup {
  return {
    status: row.status,
    offered_by_id: row.offered_by_id,
    times: JSON.parse(row.times) as string[],
    agreed_time: toIso(row.agreed_time),
    place: row.place,
    note: row.note,
    updated_at: toIso(row.updated_at),
  };
}

/** The listing's pickup while the listing is still reserved for the member it was arranged with. */
export function getPickup(db: Executor, listingId: number): Promise<PickupRow | undefined> {
  return currentPickups(db).where('p.listing_id', '=', listingId).executeTakeFirst();
}

/** Offers times for a reserved listing: a new offer replaces whatever was arranged before, its reminders too. */
export async function saveOffer(
  db: Executor,
  offer: {
    listingId: number;
    ownerId: number;
    memberId: number;
    offeredById: number;
    times: string[];
    place: string | null;
  },
) {
  const now = nowIso();
  const values = {
    owner_id: offer.ownerId,
    member_id: offer.memberId,
    offered_by_id: offer.offeredById,
    status: 'offered' as const,
    times: JSON.stringify(offer.times),
    agreed_time: null,
    place: offer.place,
    note: null,
    remind_at: null,
    handover_ask_at: null,
    updated_at: now,
  };
  await db
    .insertInto('pickups')
    .values({ listing_id: offer.listingId, ...values, created_at: now })
    .onConflict((oc) => oc.column('listing_id').doUpdateSet(values))
    .execute();
}

/**
 * Agrees on one of the offered times, with when its reminder and the owner's hand-over question are
 * due; false when the offer changed meanwhile (another offer, or it was agreed or cancelled).
 */
export async function agreeOn(
  db: Executor,
  listingId: number,
  expected: { updatedAt: string },
  agreed: { time: string; remindAt: string | null; handoverAskAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set({
      status: 'agreed',
      agreed_time: agreed.time,
      note: null,
      remind_at: agreed.remindAt,
      handover_ask_at: agreed.handoverAskAt,
      updated_at: nowIso(),
    })
    .where('listing_id', '=', listingId)
    .where('status', '=', 'offered')
    .where('updated_at', '=', expected.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member the times were offered to asks for others; false when the offer changed meanwhile. */
export async function askForAnother(
  db: Executor,
  listingId: number,
  expected: { updatedAt: string },
  note: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set({ status: 'asked', note, updated_at: nowIso() })
    .where('listing_id', '=', listingId)
    .where('status', '=', 'offered')
    .where('updated_at', '=', expected.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets a listing's pickup (cancelled, or its reservation ended). */
export async function deletePickup(db: Executor, listingId: number) {
  await db.deleteFrom('pickups').where('listing_id', '=', listingId).execute();
}

/** The listings reserved between two members, either way, each with its pickup (what their chat shows). */
export async function reservedBetween(db: Executor, me: number, other: number): Promise<ReservedBetween[]> {
  const rows = await db
    .selectFrom('listings as l')
    .leftJoin('pickups as p', (join) =>
      join.onRef('p.listing_id', '=', 'l.id').onRef('p.member_id', '=', 'l.reserved_for_id'),
    )
    .select(['l.id', 'l.title', 'l.owner_id'])
    .select(COLUMNS)
    .where('l.state_id', '=', LISTING_STATES.reserved)
    .where((eb) =>
      eb.or([
        eb.and([eb('l.owner_id', '=', me), eb('l.reserved_for_id', '=', other)]),
        eb.and([eb('l.owner_id', '=', other), eb('l.reserved_for_id', '=', me)]),
      ]),
    )
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({
    listing: { id: row.id, title: row.title },
    is_owner: row.owner_id === me,
    pickup: row.listing_id === null ? null : toPickup(row as PickupRow),
  }));
}

/** What a reminder or the hand-over question tells: the pickup, its listing's title and its two members. */
function dueSelect(db: Executor) {
  return db
    .selectFrom('pickups as p')
    .innerJoin('listings as l', 'l.id', 'p.listing_id')
    .select(COLUMNS)
    .select(['p.remind_at', 'p.handover_ask_at', 'l.title']);
}
export type DuePickup = Awaited<ReturnType<ReturnType<typeof dueSelect>['execute']>>[number];

/** Agreed pickups whose reminder is due, oldest first. */
export function dueReminders(db: Executor, now: string, limit: number): Promise<DuePickup[]> {
  return dueSelect(db)
    .where('p.remind_at', '<=', now)
    .where(stillReserved)
    .orderBy('p.remind_at')
    .limit(limit)
    .execute();
}

/** Agreed pickups whose time has passed long enough to ask the owner whether it was handed over. */
export function dueHandoverAsks(db: Executor, now: string, limit: number): Promise<DuePickup[]> {
  return dueSelect(db)
    .where('p.handover_ask_at', '<=', now)
    .where(stillReserved)
    .orderBy('p.handover_ask_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a due reminder or hand-over question for this instance: true for exactly one caller, the one
 * whose statement cleared it (it must still be due at the time this instance read).
 */
export async function takeDue(
  db: Executor,
  what: 'remind_at' | 'handover_ask_at',
  pickup: { listing_id: number; due: string | Date },
): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set({ [what]: null })
    .where('listing_id', '=', pickup.listing_id)
    .where(what, '=', toIso(pickup.due))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets go of due pickups whose listing is no longer reserved for their member, so no sweep reads them again. */
export async function dropStaleDue(db: Executor) {
  await db
    .updateTable('pickups as p')
    .set({ remind_at: null, handover_ask_at: null })
    .where((eb) => eb.or([eb('p.remind_at', 'is not', null), eb('p.handover_ask_at', 'is not', null)]))
    .where((eb) => eb.not(stillReserved(eb)))
    .execute();
}

/** The two members of a pickup as its notices and e-mails need them. */
export function pickupMembers(db: Executor, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'email', 'time_zone', 'latitude', 'longitude'])
    .select(mayEmailFlag('trades').as('may_email'))
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}
export type PickupMember = Awaited<ReturnType<typeof pickupMembers>>[number];
