import { FRESH_CATEGORY_GROUPS, LISTING_STATES, type PausedReason } from '@gardenswap/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { mayEmailFlag } from '../mail/recipients.js';

/** Where a listing's clock starts: its last renewal, else its listing (the partial index's expression). */
const freshSince = sql<string | Date>`coalesce(listings.renewed_at, listings.created_at)`;

/**
 * Listings that may ask or pause at all: on offer, shown, and their owner not suspended. A
 * reserved listing is in a trade: it neither asks nor pauses until it is available again.
 */
function onOffer(eb: ExpressionBuilder<Database, 'listings'>) {
  return eb.and([
    eb('listings.is_active', '=', 1),
    eb('listings.state_id', '<>', LISTING_STATES.gone),
    eb('listings.state_id', '<>', LISTING_STATES.reserved),
    eb('listings.hidden_reason', 'is', null),
    eb('listings.owner_suspended', '=', 0),
  ]);
}

export type FreshGroup = keyof typeof FRESH_CATEGORY_GROUPS;

/**
 * The listings due before fresh listings existed, and how many thousandths of them may be asked
 * by now: each such listing waits its own share of the spread (by a hash of its id), so the
 * owners of a marketplace's old listings are asked over days, not all in the first sweep.
 */
export interface Backlog {
  dueBefore: string;
  thousandths: number;
}

/** A listing's place in the spread of the backlog: 0..999, consecutive ids far apart. */
const spreadSlot = sql<number>`(cast(${sql.ref('listings.id')} as bigint) * 7919) % 1000`;

/** Listings of one category group not renewed since `before` and not asked yet this cycle, oldest first. */
export function dueForAsking(db: Executor, group: FreshGroup, before: string, limit: number, backlog?: Backlog) {
  return db
    .selectFrom('listings')
    .select('listings.id')
    .where(onOffer)
    .where('listings.renew_asked_at', 'is', null)
    .where('listings.category_id', 'in', [...FRESH_CATEGORY_GROUPS[group]])
    .where(freshSince, '<=', before)
    .$if(backlog !== undefined, (q) =>
      q.where((eb) => eb.or([eb(freshSince, '>', backlog!.dueBefore), eb(spreadSlot, '<', backlog!.thousandths)])),
    )
    .orderBy(freshSince)
    .limit(limit)
    .execute();
}

/** When this database got fresh listings: listings due before then were never asked. */
export async function freshListingsSince(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('fresh_listings_since').select('at').where('id', '=', 1).executeTakeFirst();
  return row ? new Date(row.at).getTime() : undefined;
}

/**
 * Claims the asking of one listing for this cycle: sets `renew_asked_at` only while it is unset
 * and the listing is still due, so of several sweeps (instances) exactly one wins. Its owner and
 * title when this call won, else undefined.
 */
export async function claimAsking(db: Executor, id: number, before: string, now: string) {
  const claimed = await db
    .updateTable('listings')
    .set({ renew_asked_at: now })
    .where('id', '=', id)
    .where(onOffer)
    .where('renew_asked_at', 'is', null)
    .where(freshSince, '<=', before)
    .returning(['owner_id', 'title'])
    .executeTakeFirst();
  return claimed;
}

/** Listings asked before `askedBefore` and still not renewed: due to pause themselves. */
export function dueForPausing(db: Executor, askedBefore: string, limit: number) {
  return db
    .selectFrom('listings')
    .select(['listings.id', 'listings.renew_asked_at'])
    .where(onOffer)
    .where('listings.renew_asked_at', 'is not', null)
    .where('listings.renew_asked_at', '<=', askedBefore)
    .orderBy('listings.renew_asked_at')
    .limit(limit)
    .execute();
}

/**
 * Pauses a listing that was not renewed since it asked at `askedAt`: conditional on that very
 * asking, so a renewal meanwhile (which clears it) or another sweep leaves it alone. Its owner and
 * title when this call paused it.
 */
export function pauseUnrenewed(db: Executor, id: number, askedAt: string | Date, now: string) {
  const reason: PausedReason = 'not_renewed';
  return db
    .updateTable('listings')
    .set({ is_active: 0, paused_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where(onOffer)
    .where('renew_asked_at', '=', askedAt)
    .returning(['owner_id', 'title'])
    .executeTakeFirst();
}

/** What renewing needs to know of a listing: its owner, whether it is active, gone, its title. */
export function renewTarget(db: Executor, id: number) {
  return db
    .selectFrom('listings')
    .select(['owner_id', 'is_active', 'state_id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The owner as the renew e-mail addresses them; `may_email` by the one e-mail rule (the matches kind). */
export function ownerContact(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'username', mayEmailFlag('matches').as('may_email')])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
