import {
  CATEGORIES,
  LISTING_STATES,
  NO_SEED_LOT,
  type UpdateListingInput,
  priceProblem,
  storedPrice,
  TRADE_TEXTS,
} from '@gardenswap/shared';
import type { Executor } from '../../../db/schema.js';
import { nowIso } from '../../../db/schema.js';
import type { Writer } from '../../../plugins/events.js';
import { seedLotColumns } from '../seed-lot-columns.js';
import { renewRow } from './renew-listing.js';

/**
 * Stamps `updated_at` on one of the owner's listings and returns what it held. Writing
 * first takes the row lock on PostgreSQL (SQLite runs one writer at a time anyway), so
 * what the caller reads cannot change under it until the transaction ends.
 */
function lockOwnListing(trx: Executor, ownerId: number, id: number) {
  return trx
    .updateTable('listings')
    .set({ updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning([
      'type_id',
      'price',
      'state_id',
      'reserved_for_id',
      'is_active',
      'id',
      'owner_id',
      'title',
      'category_id',
    ])
    .executeTakeFirst();
}

export type UpdateResult =
  /** `unreservedFor`: the member the listing was reserved for until this edit moved it off Reserved. */
  | { ok: true; unreservedFor: number | null }
  | { ok: false; field: 'price' | 'state_id'; problem: string }
  /** A handed-over listing cannot come back: its trade says it changed hands. */
  | { ok: false; conflict: string }
  | undefined;

/**
 * Whether a status set by hand agrees with the trade: Reserved only through "Reserve for …"
 * (so it stays when already reserved and is refused otherwise), and a listing handed over
 * through a trade stays Gone. Any other change is allowed: Gone without a trade is a sale
 * outside the app.
 */
async function stateProblem(
  trx: Executor,
  id: number,
  current: { state_id: number },
  next: number | undefined,
): Promise<Exclude<UpdateResult, { ok: true } | undefined> | undefined> {
  if (next === undefined || next === current.state_id) return undefined;
  if (next === LISTING_STATES.reserved)
    return { ok: false, field: 'state_id', problem: TRADE_TEXTS.reserveThroughTrade };
  if (current.state_id === LISTING_STATES.gone) {
    const trade = await trx.selectFrom('trades').select('id').where('listing_id', '=', id).executeTakeFirst();
    if (trade) return { ok: false, conflict: TRADE_TEXTS.listingGone };
  }
  return undefined;
}

/**
 * Applies an owner's edit. The price rule is checked against the listing as it will be
 * (stored type and price merged with the change); a non-sell listing stores price 0. So is the
 * seeds-only rule: a seed lot takes the details sent (those not sent stay), and a listing that
 * is not, or no longer, in the seeds category keeps none. Leaving
 * Reserved ends the reservation (its member is told, through `reservation.changed`);
 * reactivating a paused listing renews it, and pausing it oneself says nothing about renewals.
 * Undefined when the owner has no such listing.
 */
export async function updateListing(
  app: Writer,
  ownerId: number,
  id: number,
  patch: UpdateListingInput,
  now: string,
): Promise<UpdateResult> {
  const result = await app.db.transaction().execute(async (trx) => {
    const current = await lockOwnListing(trx, ownerId, id);
    if (!current) return undefined;
    const typeId = patch.type_id ?? current.type_id;
    const price = patch.price ?? Number(current.price);
    const problem = priceProblem(typeId, price);
    if (problem) return { ok: false as const, field: 'price' as const, problem };
    const refused = await stateProblem(trx, id, current, patch.state_id);
    if (refused) return refused;
    // Leaving Reserved (to Available or Gone) ends the reservation, as un-reserving does.
    const unreserve =
      patch.state_id !== undefined &&
      patch.state_id !== LISTING_STATES.reserved &&
      current.state_id === LISTING_STATES.reserved;
    const { is_active, is_public, variety, packed_year, pollination, organic, quantity, can_mail, ...fields } = patch;
    const seedLot = { variety, packed_year, pollination, organic, quantity, can_mail };
    const seeds = (patch.category_id ?? current.category_id) === CATEGORIES.seeds;
    await trx
      .updateTable('listings')
      .set({
        ...fields,
        ...seedLotColumns(seeds ? seedLot : NO_SEED_LOT),
        ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }),
        ...(is_active === false ? { paused_reason: null } : {}),
        ...(is_public === undefined ? {} : { is_public: is_public ? 1 : 0 }),
        ...(unreserve ? { reserved_for_id: null, pickup_note: null } : {}),
        type_id: typeId,
        price: storedPrice(typeId, price),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (is_active === true && current.is_active === 0) await renewRow(trx, ownerId, id, now);
    const before = { id, owner_id: current.owner_id, title: current.title, category_id: current.category_id };
    return { ok: true as const, unreservedFor: unreserve ? current.reserved_for_id : null, before };
  });
  if (!result?.ok) return result;
  await app.events.emit('listing.changed', { listingId: id, ownerId, before: result.before });
  if (result.unreservedFor !== null)
    await app.events.emit('reservation.changed', {
      listingId: id,
      ownerId,
      memberId: result.unreservedFor,
      reserved: false,
    });
  return { ok: true, unreservedFor: result.unreservedFor };
}
